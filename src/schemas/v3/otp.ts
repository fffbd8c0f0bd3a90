// The OTP endpoints' shapes. The request schemas parse bodies at the edge (Indonesian
// messages per rule) into the service's typed input (creation.ts) and are what the
// OpenAPI document publishes; the response schemas check every /v3 answer and
// document it. Every number in a description is read from its constant.
import { z } from "zod";
import { BRAND_MAX, EXTERNAL_ID_MAX, FALLBACK_AFTER_SECONDS, IDEMPOTENCY_WINDOW_HOURS, MISSCALL_CODE_LENGTH, OTP_LENGTH, TTL_SECONDS, VOICE_CODE_LENGTH } from "./otp-limits";
import { toCreation } from "./creation";
import { PHONE_DIGITS } from "./destination";
import { creationSignals } from "./signals";
import { localeField, LOCALE_VALUES } from "./locale";
import { TEMPLATE_NAME_PATTERN } from "./templates";
import { NO_CONTROL_CHARACTERS } from "./text";

export const CHANNEL_VALUES = ["whatsapp", "sms", "email", "misscall", "voice", "whatsapp_inbound"] as const;
export const SEND_CHANNEL_VALUES = ["whatsapp", "sms", "email"] as const;
/** Channels a fallback may move to (voice only on /v3/request), and the channels that may have a fallback. */
export const FALLBACK_CHANNEL_VALUES = ["whatsapp", "sms", "voice"] as const;
export const SEND_FALLBACK_CHANNEL_VALUES = ["whatsapp", "sms"] as const;
export type FallbackChannel = (typeof FALLBACK_CHANNEL_VALUES)[number];
export const DELIVERY_STATUS_VALUES = ["pending", "sent", "success", "failed", "skipped"] as const;
/** Why a delivery went through its vendor route (docs/routing.md); the routing service's RouteReason. */
export const ROUTE_REASON_VALUES = ["only_route", "priority", "weight", "measured_conversion", "exploration", "failover"] as const;
export type RouteReason = (typeof ROUTE_REASON_VALUES)[number];

export const wib = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe("Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS");

export const NOT_AN_OBJECT = "Body permintaan harus berupa objek JSON.";
const SUPPORTED = `Gunakan salah satu: ${CHANNEL_VALUES.join(", ")}.`;

const channel = z.enum(CHANNEL_VALUES, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? "channel wajib diisi." : `Channel tidak didukung. ${SUPPORTED}`),
});

const sendChannel = z.enum(SEND_CHANNEL_VALUES, {
  error: (issue) => {
    if (issue.input === undefined || issue.input === null || issue.input === "") return "channel wajib diisi.";
    return (CHANNEL_VALUES as readonly unknown[]).includes(issue.input)
      ? `Channel ${String(issue.input)} hanya tersedia di POST /v3/request; POST /v3/send mendukung whatsapp, sms dan email.`
      : `Channel tidak didukung. ${SUPPORTED}`;
  },
});


/**
 * A destination field where absent, null, "" and blank all mean "not given" (null).
 * Not trimmed: a destination with spaces is invalid. Control characters make it an
 * invalid destination (INVALID_NUMBER) here, before any lookup or insert sees them.
 */
function optionalString(field: string) {
  return z
    .string({ error: `${field} harus berupa string.` })
    .refine((value) => NO_CONTROL_CHARACTERS.test(value), { message: `${field} tidak boleh berisi karakter kontrol.`, params: { appCode: "INVALID_NUMBER" } })
    .nullish()
    .transform((value) => (value == null || value.trim() === "" ? null : value));
}

/** Stored and echoed in messages, so trimmed and free of control characters (PostgreSQL text refuses NUL outright). */
function freeText(field: string, max: number) {
  return z
    .string({ error: `${field} harus berupa string.` })
    .trim()
    .max(max, `${field} maksimal ${max} karakter.`)
    .regex(NO_CONTROL_CHARACTERS, `${field} tidak boleh berisi karakter kontrol.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Integers or numeric strings, clamped into range (never rejected); absent, null or "" take the default. */
function clampedInteger(field: string, range: { min: number; max: number; default: number }, description: (range: string) => string) {
  const message = `${field} harus berupa angka.`;
  return z
    .union([z.number({ error: message }), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, message), z.literal("")], { error: message })
    .nullish()
    .transform((value) => (value == null || value === "" ? range.default : Math.min(range.max, Math.max(range.min, Math.trunc(Number(value))))))
    .describe(description(`${range.min} sampai ${range.max}, bawaan ${range.default}`));
}

const destinationFields = {
  destination: optionalString("destination").describe(`Nomor telepon (angka saja, format internasional tanpa +, minimal ${PHONE_DIGITS.min} digit) atau e-mail; opsional hanya untuk whatsapp_inbound, di mana nomor ini mengikat pengirim`),
  number: optionalString("number").describe("Nama lama untuk destination; destination yang dipakai bila keduanya ada"),
  email: optionalString("email").describe("Cadangan lama untuk channel email, dipakai hanya bila destination dan number kosong"),
};

const commonFields = {
  brand: freeText("brand", BRAND_MAX).describe("Brand dalam pesan; bawaannya brand_name akun. Wajib (di sini atau di akun) untuk voice"),
  external_id: freeText("external_id", EXTERNAL_ID_MAX).describe(`Kunci idempotensi, per merchant, ${IDEMPOTENCY_WINDOW_HOURS} jam`),
  signals: creationSignals,
  locale: localeField(),
  template: z
    .string({ error: "template harus berupa string." })
    .regex(TEMPLATE_NAME_PATTERN, "template tidak valid: nama template memakai huruf kecil, angka, - atau _.")
    .nullish()
    .transform((value) => value ?? null)
    .describe("Nama template pesan (POST /v3/templates); tanpa template: teks standar Sandi. Tidak dikenal: 404 TEMPLATE_NOT_FOUND"),
};

const ttl = clampedInteger("ttl", TTL_SECONDS, (range) => `Detik, ${range}; nilai di luar rentang dipangkas`);

/**
 * The further channels, in order. A value that is not a fallback channel is INVALID_CHANNEL
 * (like `channel`); repeats, or a list on a channel without fallback, are VALIDATION_ERROR.
 */
function fallbackList(allowed: readonly FallbackChannel[]) {
  const shape = 'fallback harus berupa daftar channel, misalnya ["sms"].';
  return z
    .array(z.string({ error: shape }), { error: shape })
    .nullish()
    .superRefine((list, ctx) => {
      for (const value of list ?? []) {
        if (!(allowed as readonly string[]).includes(value)) {
          const message = (FALLBACK_CHANNEL_VALUES as readonly string[]).includes(value)
            ? `Channel ${value} hanya tersedia di POST /v3/request; fallback di POST /v3/send mendukung ${allowed.join(" dan ")}.`
            : `Channel fallback tidak didukung: ${value}. Gunakan salah satu: ${allowed.join(", ")}.`;
          ctx.addIssue({ code: "custom", message, params: { appCode: "INVALID_CHANNEL" } });
          return;
        }
      }
      if (list && new Set(list).size !== list.length) ctx.addIssue({ code: "custom", message: "fallback tidak boleh berisi channel yang sama dua kali." });
    })
    .transform((list) => (list ?? []) as FallbackChannel[]);
}

const fallbackAfter = clampedInteger("fallback_after", FALLBACK_AFTER_SECONDS, (range) => `Detik menunggu konfirmasi terkirim sebelum channel berikutnya, ${range}; dipangkas`);

export const requestOtpBody = z.object(
  {
    channel,
    ...commonFields,
    ...destinationFields,
    ttl,
    fallback: fallbackList(FALLBACK_CHANNEL_VALUES).describe("Channel cadangan berurutan (whatsapp, sms, voice), dikirim dengan kode yang sama bila pengiriman gagal atau tidak terkonfirmasi; tidak untuk misscall, email, whatsapp_inbound"),
    fallback_after: fallbackAfter,
    otp_length: clampedInteger(
      "otp_length",
      OTP_LENGTH,
      (range) => `${range}; dipangkas. Tidak berpengaruh untuk voice (${VOICE_CODE_LENGTH} digit) dan misscall (${MISSCALL_CODE_LENGTH} digit terakhir nomor penelepon)`,
    ),
  },
  { error: NOT_AN_OBJECT },
).transform((body, ctx) => toCreation("request", body, body.otp_length, null, ctx));

/** The merchant's own code on /v3/send: digits only, as long as a generated code may be. */
export const OTP_DIGITS = `${OTP_LENGTH.min} sampai ${OTP_LENGTH.max}`;
const SUPPLIED_CODE = new RegExp(`^\\d{${OTP_LENGTH.min},${OTP_LENGTH.max}}$`);
const OTP_REFUSED = `otp harus berupa string angka ${OTP_DIGITS} digit.`;

export const sendOtpBody = z.object(
  {
    channel: sendChannel,
    otp: z
      .string({ error: (issue) => (issue.input == null ? "otp wajib diisi." : OTP_REFUSED) })
      .min(1, "otp wajib diisi.")
      .regex(SUPPLIED_CODE, OTP_REFUSED)
      .describe(`Kode yang dikirim: angka saja, ${OTP_DIGITS} digit; tidak pernah dikembalikan`),
    ...commonFields,
    ...destinationFields,
    ttl,
    fallback: fallbackList(SEND_FALLBACK_CHANNEL_VALUES).describe("Channel cadangan berurutan (whatsapp, sms), dikirim dengan kode yang sama bila pengiriman gagal atau tidak terkonfirmasi; tidak untuk email"),
    fallback_after: fallbackAfter,
    otp_length: z.unknown().optional().describe("Diabaikan: panjangnya mengikuti panjang otp"),
  },
  { error: NOT_AN_OBJECT },
).transform((body, ctx) => toCreation("send", body, body.otp.length, body.otp, ctx));

export function requiredString(field: string, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string({ error: (issue) => (issue.input == null ? `${field} wajib diisi.` : `${field} harus berupa string.`) })
    .max(max, `${field} terlalu panjang.`)
    .trim()
    .min(1, `${field} wajib diisi.`);
}

export const verifyOtpBody = z.object(
  {
    otp_id: requiredString("otp_id").describe("Dari respons pembuatan; ID dengan bentuk lain dianggap tidak ditemukan"),
    otp: requiredString("otp", 200).describe("Kode seperti yang dimasukkan pengguna (untuk misscall, digit terakhir nomor penelepon)"),
  },
  { error: NOT_AN_OBJECT },
).transform((body) => ({ otpId: body.otp_id, otp: body.otp }));
/** The verification service's input. */
export type VerifyInput = z.output<typeof verifyOtpBody>;

export const misscallVerification = z.object({ prefix: z.string(), otp_length: z.number().int() });
export const inboundVerification = z.object({ wa_number: z.string(), message: z.string(), wa_link: z.string(), expires_at: wib });

export const otpDelivery = z.object({
  channel: z.enum(CHANNEL_VALUES),
  status: z.enum(DELIVERY_STATUS_VALUES).describe("pending (sedang dikirim), sent, success (terkonfirmasi), failed, skipped (tidak dicoba: saldo kurang atau channel dimatikan)"),
  price: z.number().int().describe("Kredit yang dipotong untuk pengiriman ini: 0 bila gagal atau dilewati"),
  sent_at: z.union([wib, z.literal("")]),
  failure_reason: z.string().optional().describe("Hanya untuk failed dan skipped: kode alasan, mis. invalid_number, not_on_whatsapp, vendor_unavailable (daftar di dokumentasi template pesan)"),
  route: z.string().nullable().describe("Nama rute vendor yang dipakai pengiriman ini (mis. sms-twilio, env-sms, sandbox); null untuk pengiriman sebelum ada rute"),
  route_reason: z
    .enum(ROUTE_REASON_VALUES)
    .nullable()
    .describe("Mengapa rute itu: only_route (satu-satunya), priority, weight, measured_conversion, exploration, atau failover (rute sebelumnya gagal dihubungi); null bila route null"),
});

export const otpTransactionData = z.object({
  otp_id: z.string(),
  status: z.enum(["sent", "success", "pending", "failed", "verified"]),
  channel: z.enum(CHANNEL_VALUES),
  number: z.string().nullable(),
  price: z.number().int().describe("Harga dalam kredit; tetap ada walau pengiriman gagal, saat tidak ada yang dipotong"),
  last_balance: z.number().int(),
  expires_at: wib,
  verification: z.union([misscallVerification, inboundVerification]).optional(),
  fallback: z.array(z.enum(FALLBACK_CHANNEL_VALUES)).optional().describe("Gema dari permintaan, bila ada"),
  fallback_after: z.number().int().optional().describe("Gema dari permintaan (setelah dipangkas), bila fallback ada"),
  deliveries: z
    .array(otpDelivery)
    .describe("Setiap pengiriman sejauh ini, berurutan, seperti di GET /v3/otp/{otp_id} (termasuk rute yang gagal dihubungi sebelum rute berikutnya dicoba); kosong untuk whatsapp_inbound"),
});


export const otpDetailData = z.object({
  otp_id: z.string(),
  status: z.enum(["pending", "sent", "success", "failed", "verified"]),
  channel: z.enum(CHANNEL_VALUES),
  number: z.string().nullable(),
  attempts: z.number().int(),
  expires_at: wib,
  verified_at: z.union([wib, z.literal("")]),
  price: z.number().int().describe("Kredit yang dipotong: 0 untuk pengiriman gagal, yang gratis"),
  verification: z.object({ prefix: z.string() }).optional(),
  locale: z.enum(LOCALE_VALUES).describe("Bahasa pesan OTP ini"),
  template: z.string().nullable().describe("Template pesan yang dipakai, atau null untuk teks standar"),
  deliveries: z.array(otpDelivery).describe("Setiap pengiriman, berurutan; channel di atas adalah channel pengiriman terakhir"),
});

export const verifyResultData = z.object({
  otp_id: z.string(),
  verified: z.boolean(),
  reason: z.enum(["", "mismatch"]),
});

export type OtpTransactionData = z.infer<typeof otpTransactionData>;
export type OtpDetailData = z.infer<typeof otpDetailData>;
export type OtpDeliveryData = z.infer<typeof otpDelivery>;
export type VerifyResultData = z.infer<typeof verifyResultData>;
