// A failed delivery's reason, as a code: what is stored (otp_transactions and
// otp_deliveries.failure_reason), what webhooks and the API carry, and what the
// dashboard turns into an Indonesian sentence. The vendor's own text (which may be
// English, may name the recipient, and changes without notice) goes to the operator
// log only. Rows written before codes hold text; they are classified the same way
// when read, so old and new rows read alike.
import { log } from "@/server/log";

export const FAILURE_SENTENCES = {
  vendor_unavailable: "Vendor tidak dapat dihubungi saat pengiriman.",
  vendor_timeout: "Vendor tidak menjawab tepat waktu.",
  handed_over: "Vendor tidak dapat dihubungi; kode dikirim lewat channel berikutnya.",
  invalid_number: "Nomor tujuan tidak valid atau tidak aktif.",
  not_on_whatsapp: "Nomor tujuan tidak terdaftar di WhatsApp.",
  mailbox_unavailable: "Alamat e-mail tujuan tidak dapat menerima pesan.",
  rejected_by_vendor: "Vendor menolak pesan ini.",
  undelivered: "Vendor melaporkan pesan tidak sampai ke penerima.",
  no_caller: "Vendor panggilan tidak melaporkan nomor penelepon, jadi kode tidak dapat diverifikasi.",
  channel_disabled: "Channel ini sedang dimatikan operator.",
  insufficient_balance: "Saldo tidak cukup untuk channel cadangan ini.",
  all_channels_failed: "Tidak ada channel yang berhasil mengirim kode.",
  abandoned: "Pengiriman tidak selesai (layanan berhenti di tengah pengiriman).",
  adapter_error: "Terjadi kesalahan internal saat menyerahkan pesan ke vendor.",
  sandbox_failure: "Tujuan uji sandbox yang selalu gagal (nomor berakhiran 0000 atau e-mail fail@…).",
  unknown: "Pengiriman gagal; vendor tidak menyebutkan alasannya.",
} as const;

export type FailureCode = keyof typeof FAILURE_SENTENCES;
export const FAILURE_CODES = Object.keys(FAILURE_SENTENCES) as FailureCode[];

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === "string" && Object.hasOwn(FAILURE_SENTENCES, value);
}

/** Vendor and legacy texts, first match wins: the specific before the general. */
const CLASSIFIERS: [RegExp, FailureCode][] = [
  [/sandbox.*0002|131026|not (a |on )?whatsapp|tidak memiliki whatsapp/i, "not_on_whatsapp"],
  [/sandbox/i, "sandbox_failure"],
  [/beralih ke channel berikutnya|handed over/i, "handed_over"],
  [/timed? ?out|timeout|ETIMEDOUT/i, "vendor_timeout"],
  [/mailbox|SMTP 55\d|EENVELOPE/i, "mailbox_unavailable"],
  [/tidak dapat dihubungi|unreachable|SMTP unavailable|ECONNREFUSED|circuit/i, "vendor_unavailable"],
  [/calling number|nomor penelepon/i, "no_caller"],
  [/dimatikan operator|disabled/i, "channel_disabled"],
  [/saldo|balance/i, "insufficient_balance"],
  [/tidak ada channel/i, "all_channels_failed"],
  [/tidak selesai/i, "abandoned"],
  [/kesalahan adapter|adapter error/i, "adapter_error"],
  [/invalid.*(number|phone|to)|unknown subscriber|landline|unreachable destination|\b(21211|21614|30003|30005|30006|131000)\b/i, "invalid_number"],
  [/Twilio 4\d\d|WhatsApp 4\d\d|rejected|refused|ditolak|SMTP 5\d\d|EMESSAGE/i, "rejected_by_vendor"],
  [/undeliver|not delivered|gagal|failed/i, "undelivered"],
];

/** The code for a reason that is already a code, a vendor's text or a legacy stored sentence. */
export function failureCodeOf(reason: string | null | undefined): FailureCode {
  if (!reason) return "unknown";
  if (isFailureCode(reason)) return reason;
  return CLASSIFIERS.find(([pattern]) => pattern.test(reason))?.[1] ?? "unknown";
}

/**
 * The code to store for a failed send; the vendor's text, when it said more than the
 * code, is logged for operators (with the OTP, never sent to the merchant).
 */
export function recordedFailure(reason: string | null | undefined, context: { otpId: string; provider?: string; requestId?: string }): FailureCode {
  const code = failureCodeOf(reason);
  if (reason && reason !== code) log.info({ request_id: context.requestId, otp_id: context.otpId, provider: context.provider, failure_code: code, vendor_reason: reason.slice(0, 500) }, "delivery failed");
  return code;
}

/** The sentence the dashboard shows for a stored reason (code or legacy text). */
export function failureSentence(stored: string | null | undefined): string | null {
  return stored ? FAILURE_SENTENCES[failureCodeOf(stored)] : null;
}
