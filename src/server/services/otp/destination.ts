import { AppError } from "@/server/errors";

/** E.164 without "+": digits only, this many of them. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;
const PHONE = new RegExp(`^\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);
// Deliberately simple: one @, no spaces, a dot in the domain, sane lengths.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function assertPhone(value: string): string {
  if (!PHONE.test(value)) {
    throw new AppError(
      "INVALID_NUMBER",
      `Nomor tujuan tidak valid: gunakan angka saja dalam format internasional tanpa '+', spasi atau tanda hubung, minimal ${PHONE_DIGITS.min} digit (contoh 6281234567890).`,
    );
  }
  return value;
}

export function assertEmail(value: string): string {
  if (value.length > 254 || !EMAIL.test(value)) throw new AppError("INVALID_NUMBER", "Alamat e-mail tujuan tidak valid.");
  return value.toLowerCase();
}

/**
 * One subscriber, one key: a phone written the local way (0812…) is the same number as
 * 62812…, so the per-destination limits count both together. E-mail addresses are
 * already lower-cased by assertEmail.
 */
export function destinationKey(destination: string): string {
  return /^0\d+$/.test(destination) ? `62${destination.slice(1)}` : destination;
}
