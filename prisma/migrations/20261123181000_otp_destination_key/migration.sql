-- Per-destination limits count one subscriber once: 0812… and 62812… are the same
-- number. destination keeps what the merchant sent (echoed back); destination_key is
-- the normalised form the limits count on (phones: a leading 0 becomes 62).
ALTER TABLE "otp_transactions" ADD COLUMN "destination_key" TEXT;
UPDATE "otp_transactions" SET "destination_key" = CASE WHEN "destination" ~ '^0[0-9]+$' THEN '62' || substr("destination", 2) ELSE "destination" END
  WHERE "destination" IS NOT NULL;
DROP INDEX "otp_transactions_merchant_id_destination_created_at_idx";
CREATE INDEX "otp_transactions_merchant_id_destination_key_created_at_idx" ON "otp_transactions"("merchant_id", "destination_key", "created_at");
