-- The SQL one POST /v3/request (channel sms, with external_id, sandbox delivery)
-- issues, statement for statement and transaction for transaction, as create-otp.ts
-- and its helpers run it.
-- Variables: :merchants (ids 1..n), :day (WIB date), :price.
\set mid random(1, :merchants)
\set dest random(6281100000001, 6289999999999)
\set ext random(1, 9000000000000000)
-- createOtp: the merchant's brand and prices
SELECT name, brand_name, brand_email, prices, sms_app_hash FROM merchants WHERE id = :mid LIMIT 1;
-- findLiveClaim (answering a replay first)
SELECT otp_id, fingerprint FROM idempotency_keys WHERE merchant_id = :mid AND external_id = 'pgb-' || :ext::text AND created_at > now() - make_interval(hours => 24);
-- isChannelEnabled (the app caches the switches for up to a second; reading them on
-- every creation here lowers this ceiling slightly)
SELECT channel, enabled, updated_at FROM channel_settings WHERE channel = 'sms' LIMIT 1;
-- nextOtpId: the daily counter, one statement in its own transaction on a session
-- that commits without waiting for the WAL flush (the app's async-commit pool opens
-- its sessions with synchronous_commit = off). pgbench has one session per client,
-- so the setting is switched around the statement: two SET round trips the app does
-- not make, which lower this ceiling slightly.
SET synchronous_commit = off;
INSERT INTO otp_daily_counters (day, value) VALUES (:day, 1) ON CONFLICT (day) DO UPDATE SET value = otp_daily_counters.value + 1 RETURNING value \gset
RESET synchronous_commit;
BEGIN;
-- claimExternalId
INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
  VALUES (:mid, 'pgb-' || :ext::text, 'PGB' || :value::text, md5(:dest::text), now())
  ON CONFLICT (merchant_id, external_id) DO UPDATE SET otp_id = EXCLUDED.otp_id, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
  WHERE idempotency_keys.created_at <= now() - make_interval(hours => 24) RETURNING otp_id;
-- enforceDestinationLimits
SELECT pg_advisory_xact_lock(hashtextextended(:mid::text || ':' || :dest::text, 0));
SELECT count(*) FILTER (WHERE created_at > now() - interval '10 minutes') AS last_10m, count(*) AS last_hour
  FROM otp_transactions WHERE merchant_id = :mid AND destination = :dest::text AND channel::text = ANY('{whatsapp,sms,email}'::text[])
  AND created_at > now() - interval '1 hour' AND failure_reason IS DISTINCT FROM 'vendor_unavailable';
-- applyLedgerChange
UPDATE merchants SET saldo = saldo - :price::bigint, updated_at = now() WHERE id = :mid AND saldo - :price::bigint >= 0 RETURNING saldo \gset
INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference, note)
  VALUES (:mid, - :price::bigint, :saldo, 'otp_charge', 'PGB' || :value::text, '') RETURNING id, merchant_id, amount, balance_after, reason, reference, note, created_at;
-- the OTP row
INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, status, code_hash, otp_length, max_attempts, expires_at, price, charged, brand, external_id, fingerprint, provider, updated_at)
  VALUES ('PGB' || :value::text, :mid, 'sms', :dest::text, 'pending', md5(random()::text) || md5(random()::text), 6, 5, now() + interval '5 minutes', :price, true, 'TokoKu', 'pgb-' || :ext::text, md5(:dest::text), 'sandbox', now())
  RETURNING id \gset otp_
COMMIT;
-- the sandbox adapter records the message
INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
  VALUES (:mid, 'PGB' || :value::text, 'sms', :dest::text, 'Kode OTP TokoKu Anda: 123456. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.', '123456', NULL, true) RETURNING id \gset msg_
-- finalize: status sent
BEGIN;
UPDATE otp_transactions SET status = 'sent', provider = 'sandbox', provider_message_id = 'sbx_' || :msg_id::text, updated_at = now() WHERE id = :otp_id RETURNING *;
COMMIT;
