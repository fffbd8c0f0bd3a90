// The webhook event types a merchant's endpoint can subscribe to (docs/otp-lifecycle.md).
import { z } from "zod";

export const OTP_EVENT_TYPES = ["otp.sent", "otp.delivered", "otp.failed", "otp.fallback", "otp.locked", "otp.expired", "otp.verified"] as const;
export type OtpEventType = (typeof OTP_EVENT_TYPES)[number];

/** What an endpoint receives unless it chose otherwise (and what endpoints made before lifecycle events keep). */
export const DEFAULT_EVENT_TYPES: OtpEventType[] = ["otp.verified"];

export const EVENT_TYPE_LABELS: Record<OtpEventType, string> = {
  "otp.sent": "Terkirim ke vendor",
  "otp.delivered": "Terkonfirmasi sampai",
  "otp.failed": "Gagal (tidak ada yang terkirim)",
  "otp.fallback": "Beralih ke channel cadangan",
  "otp.locked": "Terkunci (batas percobaan)",
  "otp.expired": "Kedaluwarsa tanpa verifikasi",
  "otp.verified": "Terverifikasi",
};

/** A non-empty set of known types, without repeats, in the canonical order. */
export const eventTypeList = z
  .array(z.enum(OTP_EVENT_TYPES, { error: `Tipe event tidak dikenal. Gunakan: ${OTP_EVENT_TYPES.join(", ")}.` }))
  .min(1, "Pilih minimal satu tipe event.")
  .transform((types) => OTP_EVENT_TYPES.filter((t) => types.includes(t)));
