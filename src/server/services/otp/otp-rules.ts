export { DESTINATION_LIMITS, IDEMPOTENCY_WINDOW_HOURS, limitClassOf, maxAttemptsFor, MISSCALL_CODE_LENGTH, VOICE_CODE_LENGTH, type LimitClass } from "@/schemas/v3/otp-limits";

/** Creations refused because the vendor was unreachable answered 503 and do not count towards destination limits. */
export const VENDOR_UNAVAILABLE_REASON = "vendor_unavailable";

/** OTP + WIB date + 4 letters + counter (6 digits, more past 999999). Anything else cannot exist, so it is not looked up. */
export const OTP_ID_PATTERN = /^OTP\d{8}[A-Z]{4}\d{6,12}$/;

