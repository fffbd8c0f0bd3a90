// Where an OTP goes: a phone number (E.164 digits without "+") or an e-mail address.
// The API answers a refused destination as INVALID_NUMBER; the dashboard shows the same sentence.

/** E.164 without "+": digits only, this many of them. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;
const PHONE = new RegExp(`^\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);
// Deliberately simple: one @, no spaces, a dot in the domain, sane lengths.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const EMAIL_MAX = 254;

export const PHONE_REFUSED = `Nomor tujuan tidak valid: gunakan angka saja dalam format internasional tanpa '+', spasi atau tanda hubung, minimal ${PHONE_DIGITS.min} digit (contoh 6281234567890).`;
export const EMAIL_REFUSED = "Alamat e-mail tujuan tidak valid.";

export type CheckedDestination = { ok: true; value: string } | { ok: false; message: string };

/** The destination as stored (e-mail lower-cased), or why it is refused. Never trimmed: a destination with spaces is invalid. */
export function checkDestination(kind: "phone" | "email", value: string): CheckedDestination {
  if (kind === "phone") return PHONE.test(value) ? { ok: true, value } : { ok: false, message: PHONE_REFUSED };
  return value.length <= EMAIL_MAX && EMAIL.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, message: EMAIL_REFUSED };
}
