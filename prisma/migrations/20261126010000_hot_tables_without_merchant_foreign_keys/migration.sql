-- Tables the /v3 hot path inserts into no longer hold a foreign key to merchants.
-- Every such insert made PostgreSQL lock the merchant's row FOR KEY SHARE; with many
-- concurrent creations of one merchant (whose saldo row is also updated by each of
-- them) those locks became MultiXacts, and one merchant's creations ran at about
-- 0.6 of eight merchants' (docs/performance.md). merchant_id still comes only from an
-- authenticated key or the service layer, and merchants are never deleted.
ALTER TABLE "otp_transactions" DROP CONSTRAINT "otp_transactions_merchant_id_fkey";
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_merchant_id_fkey";
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_merchant_id_fkey";
ALTER TABLE "sandbox_messages" DROP CONSTRAINT "sandbox_messages_merchant_id_fkey";
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_merchant_id_fkey";
