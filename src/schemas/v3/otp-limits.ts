// Limits of the OTP creation inputs (the API's "Limits", and the free-text lengths settled in docs/otp-rules.md),
// shared by the request schemas and the OTP service.
export const OTP_LENGTH = { min: 4, max: 8, default: 6 } as const;
export const TTL_SECONDS = { min: 60, max: 900, default: 300 } as const;
export const BRAND_MAX = 50;
export const EXTERNAL_ID_MAX = 100;
/** How long an external_id identifies its creation (replays answer it; other parameters are 409). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Seconds a delivery has to be confirmed before the next fallback channel is tried. */
export const FALLBACK_AFTER_SECONDS = { min: 10, max: 120, default: 20 } as const;
/** Codes a call speaks, and the trailing digits of a missed call's number, are this long whatever otp_length asks. */
export const VOICE_CODE_LENGTH = 4;
export const MISSCALL_CODE_LENGTH = 4;
