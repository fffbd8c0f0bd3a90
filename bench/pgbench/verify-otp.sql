-- The SQL one POST /v3/verify issues (verify-otp.ts): half right codes (update +
-- otp.verified event into the webhook outbox), half mismatches (attempts + 1).
-- The row is picked by id and its otp_id read first (one extra primary-key read
-- the app does not make, so this ceiling errs low). Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
\set right random(0, 1)
SELECT otp_id, merchant_id FROM otp_transactions WHERE id = :oid \gset
BEGIN;
SELECT id FROM otp_transactions WHERE otp_id = :otp_id AND merchant_id = :merchant_id FOR UPDATE;
SELECT * FROM otp_transactions WHERE id = :oid LIMIT 1;
\if :right
UPDATE otp_transactions SET status = 'verified', verified_at = now(), updated_at = now() WHERE id = :oid RETURNING *;
INSERT INTO webhook_events (event_id, merchant_id, type, payload)
  VALUES ('evt_' || md5(random()::text), :merchant_id, 'otp.verified',
          jsonb_build_object('id', 'evt', 'type', 'otp.verified', 'created_at', now()::text,
                             'data', jsonb_build_object('otp_id', :otp_id::text, 'channel', 'sms', 'number', '6281234567890', 'verified_at', now()::text, 'external_id', NULL)))
  RETURNING *;
SELECT * FROM webhook_endpoints WHERE merchant_id = :merchant_id LIMIT 1;
\else
UPDATE otp_transactions SET attempts = attempts + 1, updated_at = now() WHERE id = :oid RETURNING *;
\endif
COMMIT;
