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

const WIB = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The body of every OTP event (published in the OpenAPI document's `webhooks`). */
export const otpEventPayload = z.object({
  id: z.string().describe("ID event (evt_…); sama di setiap pengiriman ulang, untuk deduplikasi"),
  type: z.enum(OTP_EVENT_TYPES),
  created_at: z.string().regex(WIB).describe("WIB"),
  livemode: z.boolean().describe("false untuk event mode uji"),
  data: z.object({
    otp_id: z.string(),
    channel: z.string().describe("Channel pengiriman terakhir saat event terjadi"),
    number: z.string(),
    status: z.enum(["pending", "sent", "success", "failed", "verified"]).describe("Status OTP saat event terjadi"),
    external_id: z.string().nullable(),
    attempts: z.number().int().optional().describe("Semua kecuali otp.verified"),
    expires_at: z.string().regex(WIB).optional().describe("Semua kecuali otp.verified"),
    verified_at: z.string().regex(WIB).optional().describe("otp.verified"),
    delivery: z
      .object({ channel: z.string(), status: z.string(), price: z.number().int(), sent_at: z.string() })
      .optional()
      .describe("otp.sent dan otp.delivered: pengiriman yang dimaksud"),
    from: z.string().optional().describe("otp.fallback: channel sebelumnya"),
    to: z.string().optional().describe("otp.fallback: channel berikutnya"),
    reason: z.string().optional().describe("otp.fallback: failed atau not_confirmed; otp.failed: penyebab"),
  }),
});

export const EVENT_TYPE_DESCRIPTIONS: Record<OtpEventType, string> = {
  "otp.sent": "Vendor menerima sebuah pengiriman (setiap channel, termasuk fallback).",
  "otp.delivered": "Vendor mengonfirmasi pengiriman sampai (laporan pengiriman; sandbox: sekitar satu detik setelah terkirim).",
  "otp.failed": "OTP berakhir gagal: tidak ada pengiriman yang berhasil dan tidak ada fallback lagi. Tidak dipotong biaya.",
  "otp.fallback": "Pengiriman gagal atau tidak terkonfirmasi dalam fallback_after detik; kode yang sama dikirim lewat channel berikutnya (data.from, data.to).",
  "otp.locked": "Kode salah yang mencapai batas percobaan; OTP tidak dapat diverifikasi lagi.",
  "otp.expired": "Dalam satu menit setelah expires_at sebuah OTP yang belum terverifikasi.",
  "otp.verified": "Kode benar (POST /v3/verify) atau pesan WhatsApp masuk yang cocok.",
};
