-- Channel fallback and lifecycle events (docs/otp-lifecycle.md).

-- One row per send of an OTP, in order (seq 1 is the channel the OTP was created on).
CREATE TABLE "otp_deliveries" (
  "id" BIGSERIAL PRIMARY KEY,
  "otp_transaction_id" BIGINT NOT NULL REFERENCES "otp_transactions"("id") ON DELETE CASCADE,
  "seq" INTEGER NOT NULL,
  "channel" "Channel" NOT NULL,
  -- pending (being sent), sent, success (delivery confirmed), failed, skipped (not attempted: saldo, channel switched off)
  "status" TEXT NOT NULL,
  "price" INTEGER NOT NULL,
  "charged" BOOLEAN NOT NULL DEFAULT false,
  "provider" TEXT NOT NULL,
  "provider_message_id" TEXT,
  "failure_reason" TEXT,
  "sent_at" TIMESTAMPTZ(3),
  -- The sandbox confirms its own sends: when its delivered receipt is due.
  "receipt_due_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "otp_deliveries_otp_transaction_id_seq_key" ON "otp_deliveries"("otp_transaction_id", "seq");
CREATE INDEX "otp_deliveries_provider_message_id_idx" ON "otp_deliveries"("provider_message_id");
CREATE INDEX "otp_deliveries_receipt_due_at_idx" ON "otp_deliveries"("receipt_due_at") WHERE "receipt_due_at" IS NOT NULL;
CREATE INDEX "otp_deliveries_pending_created_at_idx" ON "otp_deliveries"("created_at") WHERE "status" = 'pending';

-- Every existing OTP had exactly one send.
INSERT INTO "otp_deliveries" ("otp_transaction_id", "seq", "channel", "status", "price", "charged", "provider", "provider_message_id", "failure_reason", "sent_at", "created_at")
SELECT "id", 1, "channel",
       CASE WHEN "status" = 'verified' THEN 'sent' ELSE "status"::text END,
       "price", "charged", "provider", "provider_message_id", "failure_reason",
       CASE WHEN "status" IN ('sent', 'success', 'verified') THEN "updated_at" END, "created_at"
FROM "otp_transactions" WHERE "channel" <> 'whatsapp_inbound';

ALTER TABLE "otp_transactions"
  ADD COLUMN "fallback_channels" "Channel"[] NOT NULL DEFAULT '{}',
  ADD COLUMN "fallback_after" INTEGER,
  -- How many fallbacks have started; fallback_channels[fallback_index + 1] (1-based) is the next.
  ADD COLUMN "fallback_index" INTEGER NOT NULL DEFAULT 0,
  -- When the worker moves to the next channel unless delivery was confirmed first.
  ADD COLUMN "next_fallback_at" TIMESTAMPTZ(3),
  -- The code, encrypted, kept only while a fallback may still send it.
  ADD COLUMN "fallback_code" TEXT,
  -- The channel the OTP was created on, once a fallback moved "channel" on (destination limits count this).
  ADD COLUMN "first_channel" "Channel",
  ADD COLUMN "expired_event_at" TIMESTAMPTZ(3);
CREATE INDEX "otp_transactions_next_fallback_at_idx" ON "otp_transactions"("next_fallback_at") WHERE "next_fallback_at" IS NOT NULL;

-- Existing endpoints keep receiving only otp.verified.
ALTER TABLE "webhook_endpoints" ADD COLUMN "event_types" TEXT[] NOT NULL DEFAULT '{otp.verified}';
