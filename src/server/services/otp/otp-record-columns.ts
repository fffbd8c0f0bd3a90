// The select list that reads an OtpRecord (present.ts), the stored fields every /v3
// answer about an OTP is built from, for the hot path's hand-written statements.
export const OTP_RECORD_COLUMNS = `o.otp_id AS "otpId", o.status, o.channel, o.destination, o.verified_from AS "verifiedFrom",
  o.price, o.charged, o.attempts, o.expires_at AS "expiresAt", o.verified_at AS "verifiedAt",
  o.misscall_prefix AS "misscallPrefix", o.inbound_message AS "inboundMessage",
  o.fallback_channels::text[] AS "fallbackChannels", o.fallback_after AS "fallbackAfter",
  o.locale, o.template_name AS "templateName"`;

/** The OTP's sends as JSON (DeliveryFacts, in order), for statements that read `o` with its deliveries in one go. */
export const DELIVERIES_COLUMN = `(SELECT COALESCE(json_agg(json_build_object('channel', d.channel, 'status', d.status, 'price', d.price, 'charged', d.charged,
     'sentAt', d.sent_at, 'failureReason', d.failure_reason, 'route', d.route, 'routeReason', d.route_reason) ORDER BY d.seq), '[]')
   FROM otp_deliveries d WHERE d.otp_transaction_id = o.id) AS deliveries`;
