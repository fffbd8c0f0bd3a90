// The select list that reads an OtpRecord (present.ts), the stored fields every /v3
// answer about an OTP is built from, for the hot path's hand-written statements.
export const OTP_RECORD_COLUMNS = `o.otp_id AS "otpId", o.status, o.channel, o.destination, o.verified_from AS "verifiedFrom",
  o.price, o.charged, o.attempts, o.expires_at AS "expiresAt", o.verified_at AS "verifiedAt",
  o.misscall_prefix AS "misscallPrefix", o.inbound_message AS "inboundMessage",
  o.fallback_channels::text[] AS "fallbackChannels", o.fallback_after AS "fallbackAfter"`;
