import type { Channel } from "@/generated/prisma/enums";

export { IDEMPOTENCY_WINDOW_HOURS, MISSCALL_CODE_LENGTH, VOICE_CODE_LENGTH } from "@/schemas/v3/otp-limits";

/** Creations refused because the vendor was unreachable answered 503 and do not count towards destination limits. */
export const VENDOR_UNAVAILABLE_REASON = "vendor_unavailable";

/** OTP + WIB date + 4 letters + counter (6 digits, more past 999999). Anything else cannot exist, so it is not looked up. */
export const OTP_ID_PATTERN = /^OTP\d{8}[A-Z]{4}\d{6,12}$/;

export function maxAttemptsFor(channel: Channel): number {
  return channel === "misscall" ? 2 : 5;
}

/** Per-destination limit class (docs/otp-rules.md): messages and calls are counted separately. */
export type LimitClass = "messages" | "calls";

export const DESTINATION_LIMITS: Record<LimitClass, { per10Minutes: number; perHour: number; channels: Channel[] }> = {
  messages: { per10Minutes: 5, perHour: 10, channels: ["whatsapp", "sms", "email", "whatsapp_inbound"] },
  calls: { per10Minutes: 2, perHour: 4, channels: ["misscall", "voice"] },
};

export function limitClassOf(channel: Channel): LimitClass {
  return channel === "misscall" || channel === "voice" ? "calls" : "messages";
}
