-- The SQL one POST /v3/request (channel sms, sandbox delivery) issues, transaction for
-- transaction, as create-otp.ts runs it, in one pipeline ended by one Sync as the app
-- writes it (the statements before a Sync are one implicit transaction):
--   1. synchronous_commit off for the reservation (set_config(…, true): this transaction
--      only), the destination's advisory lock,
--   2. the reserve statement (claim, limits, OTP row and its first delivery row, then
--      the debit and its ledger row; a refusal raises and rolls back),
--   3. the Sync (\endpipeline), which commits without waiting for the WAL flush;
--   then 4. the finalize statement (status sent on the OTP and its delivery row, the sandbox's
--      copy of the message, otp.sent for an endpoint that subscribes: none here), a
--      normal durable commit. (It finds the row by otp_id, a unique index, where the app
--      uses the id: a pipeline cannot hand the id on with \gset.)
-- The app takes otp_id counter values from the day's counter row 32 at a time (one
-- sandi_otp_id_block round trip per 32 creations, left out here); a random number stands in for them.
-- Variables: :merchants (ids 1..n), :price.
\set mid random(1, :merchants)
\set dest random(6281100000001, 6289999999999)
\set lock random(1, 9000000000000000000)
\set ext random(1, 9000000000000000)
\set n random(1, 9000000000000000000)
\startpipeline
SELECT set_config('synchronous_commit', 'off', true);
SELECT pg_advisory_xact_lock(:lock);
WITH claim AS (
   INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
   SELECT :mid::int, 'pgb-' || :ext::text, 'PGB' || :n, md5(:dest::text), now() WHERE ('pgb-' || :ext::text) IS NOT NULL
   ON CONFLICT (merchant_id, external_id) DO UPDATE
     SET otp_id = EXCLUDED.otp_id, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
     WHERE idempotency_keys.created_at <= now() - make_interval(hours => 24)
   RETURNING 1
 ), counted AS (
   SELECT created_at FROM otp_transactions
   WHERE merchant_id = :mid::int AND destination_key = :dest::text AND COALESCE(first_channel, channel) = ANY('{whatsapp,sms,email,whatsapp_inbound}'::"Channel"[])
     AND created_at > now() - interval '1 hour' AND failure_reason IS DISTINCT FROM 'vendor_unavailable'
 ), gate AS (
   SELECT (EXISTS (SELECT 1 FROM claim)) AS claimed,
          (SELECT count(*) FILTER (WHERE created_at > now() - interval '10 minutes') < 5 AND count(*) < 10 FROM counted) AS within_limits
 ), otp AS (
   INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, code_hash, otp_length, max_attempts,
     expires_at, price, charged, brand, external_id, fingerprint, inbound_token, inbound_message, provider, fallback_channels, fallback_after, fallback_code)
   SELECT 'PGB' || :n, :mid::int, 'sms', :dest::text, :dest::text, 'pending', md5(:n) || md5(:dest::text), 6, 5, now() + interval '5 minutes', :price::int, true,
     'TokoKu', 'pgb-' || :ext::text, md5(:dest::text), NULL, NULL, 'sandbox', '{}'::"Channel"[], NULL::int, NULL::text FROM gate WHERE claimed AND within_limits
   RETURNING id
 ), delivery AS (
   INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, route, route_reason)
   SELECT id, 1, 'sms', 'pending', :price::int, true, 'sandbox', 'sandbox', 'only_route' FROM otp WHERE 'sms'::"Channel" <> 'whatsapp_inbound'
 ), debit AS (
   UPDATE merchants SET saldo = saldo - :price::int, updated_at = now()
   WHERE id = :mid::int AND saldo >= :price::int AND EXISTS (SELECT 1 FROM otp)
   RETURNING saldo
 ), ledger AS (
   INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference)
   SELECT :mid::int, -(:price::bigint), saldo, 'otp_charge', 'PGB' || :n FROM debit
 )
SELECT CASE WHEN NOT gate.claimed THEN sandi_refuse('claimed')
             WHEN NOT gate.within_limits THEN sandi_refuse('limits:' ||
               COALESCE((SELECT string_agg(floor(extract(epoch FROM created_at) * 1000)::bigint::text, ',' ORDER BY created_at) FROM counted), ''))
             WHEN NOT EXISTS (SELECT 1 FROM debit) THEN sandi_refuse('balance')
             ELSE true END AS reserved,
        (SELECT saldo::text FROM debit) AS saldo, (SELECT id::text FROM otp) AS id
 FROM gate;
\endpipeline
WITH sent AS (
   UPDATE otp_transactions SET status = 'sent', provider = 'sandbox', provider_message_id = 'sbx_' || md5(:n), misscall_prefix = COALESCE(NULL, misscall_prefix),
     code_hash = COALESCE(NULL, code_hash), next_fallback_at = NULL::timestamptz, fallback_code = CASE WHEN NULL::timestamptz IS NULL THEN NULL ELSE fallback_code END,
     updated_at = now()
   WHERE otp_id = 'PGB' || :n
   RETURNING id, merchant_id, otp_id, channel, destination
 ), sent_delivery AS (
   UPDATE otp_deliveries d SET status = 'sent', provider = 'sandbox', provider_message_id = 'sbx_' || md5(:n), sent_at = now(), receipt_due_at = now() + interval '1 second',
     delivered_at = CASE WHEN 'sent' = 'success' THEN now() END
   FROM sent WHERE d.otp_transaction_id = sent.id AND d.seq = 1::int
 ), message AS (
   INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
   SELECT merchant_id, otp_id, channel, destination, 'Kode OTP TokoKu Anda: 123456. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.', '123456', NULL, true FROM sent
 ), event AS (
   INSERT INTO webhook_events (event_id, merchant_id, type, payload)
   SELECT ev.id, s.merchant_id, ev.type, ev.payload
   FROM sent s, unnest(ARRAY['evt_' || md5(:n)], ARRAY['otp.sent'], ARRAY['{"type":"otp.sent"}'::jsonb]) AS ev(id, type, payload)
   WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.merchant_id = s.merchant_id AND e.enabled AND ev.type = ANY(e.event_types))
   RETURNING id, merchant_id, type
 ), delivery AS (
   INSERT INTO webhook_deliveries (event_id, endpoint_id, url, next_attempt_at)
   SELECT event.id, e.id, e.url, now() FROM event
   JOIN webhook_endpoints e ON e.merchant_id = event.merchant_id AND e.enabled AND event.type = ANY(e.event_types)
 )
SELECT 1 FROM sent;
