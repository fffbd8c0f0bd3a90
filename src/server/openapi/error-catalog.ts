// When each /v3 error code is answered: the spec's error table, plus the HTTP
// layer's own codes. Feeds the OpenAPI response descriptions and the /docs table.
import type { V3ErrorCode } from "@/schemas/v3/envelope";

export const ERROR_CONDITIONS: Record<V3ErrorCode, string> = {
  VALIDATION_ERROR: "Required field missing or invalid, or the body is not JSON. On send: `otp` missing, non-digit or not 4–8 long; on verify: `otp_id` or `otp` missing, or a pending `whatsapp_inbound` (verified by the user's message, not by this call); on topups: bad `amount`. Out-of-range `ttl`/`otp_length` are clamped, never rejected.",
  INVALID_CHANNEL: "`channel` is not supported, or `misscall`/`whatsapp_inbound`/`voice` was used with POST /v3/send.",
  INVALID_NUMBER: "Phone has non-digits (`+`, spaces, dashes) or fewer than 10 digits; e-mail invalid; destination missing where required.",
  UNAUTHORIZED: "API key missing, empty, malformed, unknown or revoked; the message says which.",
  INSUFFICIENT_BALANCE: "Credits below the transaction price; top up with POST /v3/topups.",
  IP_NOT_ALLOWED: "The resolved client IP is not on the merchant's allowlist.",
  GEO_NOT_ALLOWED: "The phone destination's country code is not allowed for the channel's class (`sms`, `voice`, `misscall`: Indonesia `62` only by default; `whatsapp`: every country). Nothing charged or counted; `error.details` has `country_code` and `channel_class`. Merchants change it in the dashboard (Keamanan).",
  FRAUD_BLOCKED: "The fraud guard refused the creation: a sudden run of unverified creations to fresh numbers under the destination's prefix (`prefix_spike`), or one end user's `signals` reaching many destinations (`signal_velocity`). Blocked for a cooldown; nothing charged or counted towards destination limits; `error.details` has `reason` and `prefix`. Idempotent replays are never blocked. The block log and \"unblock this prefix\" are in the dashboard (Keamanan).",
  OTP_NOT_FOUND: "`otp_id` unknown or owned by another merchant.",
  NOT_FOUND: "No endpoint at this path (any path under /v3 without a route, and /v3 itself).",
  METHOD_NOT_ALLOWED: "The endpoint exists but not for this HTTP method; the `Allow` header lists the methods it takes.",
  DUPLICATE_EXTERNAL_ID: "`external_id` reused within 24 hours with different parameters; `error.details.existing_otp_id` is the original.",
  PAYLOAD_TOO_LARGE: "Request body over 64 KB.",
  OTP_EXPIRED: "The TTL elapsed; create a new transaction.",
  TOO_MANY_ATTEMPTS: "The failed-attempt limit was reached (5; 2 for misscall); permanent lock.",
  ALREADY_USED: "The transaction is already verified.",
  RATE_LIMITED: "More requests in this second than the key's limit (20 by default); wait `Retry-After` seconds.",
  DESTINATION_RATE_LIMITED: "Per-destination creation limit exceeded (5 per 10 minutes and 10 per hour; misscall and voice 2 and 4).",
  INTERNAL_ERROR: "Unexpected server error, or a payment could not be prepared; safe to retry.",
  CHANNEL_UNAVAILABLE: "The channel or its vendor is temporarily unavailable; retry later or use another channel.",
};
