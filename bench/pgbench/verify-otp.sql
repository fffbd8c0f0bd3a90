-- The SQL one POST /v3/verify issues (verify-otp.ts): BEGIN with the lock-and-read
-- (one simple-query message in the app, two round trips here: pgbench cannot send
-- several statements in one message with prepared statements), then half right codes (status verified, the otp.verified
-- event and its webhook delivery in one statement) and half mismatches (attempts + 1),
-- then COMMIT. The row is picked by id and its otp_id read first (one extra
-- primary-key read the app does not make, so this ceiling errs low).
-- Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
\set right random(0, 1)
SELECT otp_id, merchant_id FROM otp_transactions WHERE id = :oid \gset
BEGIN;
SELECT id::text, status, channel, destination, external_id, code_hash, attempts, max_attempts, expires_at FROM otp_transactions WHERE otp_id = :otp_id::text AND merchant_id = :merchant_id FOR UPDATE;
\if :right
WITH verified AS (
   UPDATE otp_transactions SET status = 'verified', verified_at = now(), next_fallback_at = NULL, fallback_code = NULL, updated_at = now()
   WHERE id = :oid::bigint RETURNING merchant_id
 ), event AS (
   INSERT INTO webhook_events (event_id, merchant_id, type, payload)
   SELECT 'evt_' || md5(random()::text), merchant_id, 'otp.verified',
     jsonb_build_object('id', 'evt', 'type', 'otp.verified', 'created_at', now()::text,
       'data', jsonb_build_object('otp_id', :otp_id::text, 'channel', 'sms', 'number', '6281234567890', 'status', 'verified', 'verified_at', now()::text, 'external_id', NULL))
   FROM verified
   RETURNING id, merchant_id, type
 ), delivery AS (
   INSERT INTO webhook_deliveries (event_id, endpoint_id, url, next_attempt_at)
   SELECT event.id, e.id, e.url, now() FROM event
   JOIN webhook_endpoints e ON e.merchant_id = event.merchant_id AND e.enabled AND event.type = ANY(e.event_types)
 )
SELECT 1 FROM verified;
\else
WITH counted AS (
   UPDATE otp_transactions SET attempts = attempts + 1,
     next_fallback_at = CASE WHEN attempts + 1 >= 5 THEN NULL ELSE next_fallback_at END,
     fallback_code = CASE WHEN attempts + 1 >= 5 THEN NULL ELSE fallback_code END, updated_at = now()
   WHERE id = :oid::bigint RETURNING merchant_id
 ), event AS (
   INSERT INTO webhook_events (event_id, merchant_id, type, payload)
   SELECT ev.id, s.merchant_id, ev.type, ev.payload
   FROM counted s, unnest('{}'::text[], '{}'::text[], '{}'::jsonb[]) AS ev(id, type, payload)
   WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.merchant_id = s.merchant_id AND e.enabled AND ev.type = ANY(e.event_types))
   RETURNING id, merchant_id, type
 ), delivery AS (
   INSERT INTO webhook_deliveries (event_id, endpoint_id, url, next_attempt_at)
   SELECT event.id, e.id, e.url, now() FROM event
   JOIN webhook_endpoints e ON e.merchant_id = event.merchant_id AND e.enabled AND event.type = ANY(e.event_types)
 )
SELECT 1 FROM counted;
\endif
COMMIT;
