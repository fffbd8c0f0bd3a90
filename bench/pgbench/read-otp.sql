-- The SQL one GET /v3/otp/{id} issues (get-otp.ts): one read of the OTP row's response
-- fields. The app finds it by otp_id (unique index) and merchant; this script by
-- primary key, an index probe of the same cost. Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
SELECT o.otp_id AS "otpId", o.status, o.channel, o.destination, o.verified_from AS "verifiedFrom", o.price, o.charged, o.attempts,
  o.expires_at AS "expiresAt", o.verified_at AS "verifiedAt", o.misscall_prefix AS "misscallPrefix", o.inbound_message AS "inboundMessage"
  FROM otp_transactions o WHERE o.id = :oid;
