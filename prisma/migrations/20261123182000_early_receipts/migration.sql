-- A delivery receipt that overtakes the end of its OTP's creation is kept here and
-- applied by the worker once the creation has recorded the send, instead of holding
-- the vendor's callback open until then.
CREATE TABLE "early_receipts" (
    "id" BIGSERIAL NOT NULL,
    "otp_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "early_receipts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "early_receipts_otp_id_idx" ON "early_receipts"("otp_id");
