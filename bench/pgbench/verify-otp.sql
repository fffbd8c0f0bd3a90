-- The SQL one POST /v3/verify issues (verify-otp.ts), wait for wait as the app sends it:
-- the lock-and-read, then half right codes (status verified, the otp.verified event and
-- its webhook delivery in one statement) and half mismatches (attempts + 1). The app
-- ends the first part with a Flush and the transaction with its one Sync; pgbench
-- cannot flush inside a pipeline, so here BEGIN opens the first pipeline and COMMIT
-- ends the second: one ReadyForQuery more than the app's. The app locks the row by
-- otp_id and merchant (a unique index); this script by primary key, an index probe of
-- the same cost. Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
\set right random(0, 1)
\startpipeline
BEGIN;
SELECT id::text, status, channel, destination, external_id, code_hash, attempts, max_attempts, expires_at FROM otp_transactions WHERE id = :oid FOR UPDATE;
\endpipeline
\if :right
\startpipeline
WITH verified AS (
   UPDATE otp_transactions SET status = 'verified', verified_at = now(), next_fallback_at = NULL, fallback_code = NULL, updated_at = now()
   WHERE id = :oid::bigint RETURNING merchant_id, otp_id
 ), event AS (
   INSERT INTO webhook_events (event_id, merchant_id, type, payload)
   SELECT 'evt_' || md5(random()::text), merchant_id, 'otp.verified',
     jsonb_build_object('id', 'evt', 'type', 'otp.verified', 'created_at', now()::text,
       'data', jsonb_build_object('otp_id', otp_id, 'channel', 'sms', 'number', '6281234567890', 'status', 'verified', 'verified_at', now()::text, 'external_id', NULL))
   FROM verified
   RETURNING id, merchant_id, type
 ), delivery AS (
   INSERT INTO webhook_deliveries (event_id, endpoint_id, url, next_attempt_at)
   SELECT event.id, e.id, e.url, now() FROM event
   JOIN webhook_endpoints e ON e.merchant_id = event.merchant_id AND e.enabled AND event.type = ANY(e.event_types)
 )
SELECT 1 FROM verified;
COMMIT;
\endpipeline
\else
\startpipeline
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
COMMIT;
\endpipeline
\endif
