-- The SQL one GET /v3/otp/{id} issues (get-otp.ts): one read of the OTP row's response
-- fields with its deliveries. The app finds it by otp_id (unique index) and merchant; this script by
-- primary key, an index probe of the same cost. Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
SELECT o.otp_id AS "otpId", o.status, o.channel, o.destination, o.verified_from AS "verifiedFrom", o.price, o.charged, o.attempts,
  o.expires_at AS "expiresAt", o.verified_at AS "verifiedAt", o.misscall_prefix AS "misscallPrefix", o.inbound_message AS "inboundMessage",
  o.fallback_channels::text[] AS "fallbackChannels", o.fallback_after AS "fallbackAfter",
  (SELECT COALESCE(json_agg(json_build_object('channel', d.channel, 'status', d.status, 'price', d.price, 'charged', d.charged, 'sentAt', d.sent_at, 'failureReason', d.failure_reason, 'route', d.route, 'routeReason', d.route_reason) ORDER BY d.seq), '[]')
   FROM otp_deliveries d WHERE d.otp_transaction_id = o.id) AS deliveries
  FROM otp_transactions o WHERE o.id = :oid;
