-- Test mode. A merchant's test world is a second merchants row linked to its live
-- account by live_merchant_id: its own saldo, API keys (sk_test_…), OTPs, ledger,
-- top-ups, webhook endpoint, events and sandbox messages. Everything that is
-- scoped by merchant_id is therefore scoped by mode too, and the two worlds can
-- never see each other's rows. Identity and settings (name, brand, prices, limits,
-- allowlist) stay on the live row and are read from there.

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN "live_merchant_id" INTEGER;
CREATE UNIQUE INDEX "merchants_live_merchant_id_key" ON "merchants"("live_merchant_id");
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_live_merchant_id_fkey"
  FOREIGN KEY ("live_merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing merchant gets its test world with the opening test saldo...
INSERT INTO "merchants" ("merchant_id", "name", "email", "saldo", "live_merchant_id", "email_verified_at", "created_at", "updated_at")
SELECT "merchant_id" || '_test', "name", 'test:' || "merchant_id", 1000000, "id", now(), now(), now()
FROM "merchants" WHERE "live_merchant_id" IS NULL;

INSERT INTO "ledger_entries" ("merchant_id", "amount", "balance_after", "reason", "note")
SELECT "id", 1000000, 1000000, 'manual_credit', 'Saldo uji awal'
FROM "merchants" WHERE "live_merchant_id" IS NOT NULL;

-- ...and a test key. Its secret is never shown (only its SHA-256 is stored, as for
-- every key): the dashboard offers to create one whose secret the merchant sees.
WITH fresh AS (
  SELECT "id", 'sk_test_' || substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 40) AS "api_key"
  FROM "merchants" WHERE "live_merchant_id" IS NOT NULL
)
INSERT INTO "api_keys" ("key_id", "merchant_id", "key_hash", "prefix", "name")
SELECT 'key_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), "id",
       encode(sha256(convert_to("api_key", 'UTF8')), 'hex'), substr("api_key", 1, 12), 'Uji (dibuat saat pembaruan)'
FROM fresh;
