import { AppError } from "@/server/errors";

const PHONE = /^\d{10,15}$/;
// Deliberately simple: one @, no spaces, a dot in the domain, sane lengths.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function assertPhone(value: string): string {
  if (!PHONE.test(value)) {
    throw new AppError(
      "INVALID_NUMBER",
      "Nomor tujuan tidak valid: gunakan angka saja dalam format internasional tanpa '+', spasi atau tanda hubung, minimal 10 digit (contoh 6281234567890).",
    );
  }
  return value;
}

export function assertEmail(value: string): string {
  if (value.length > 254 || !EMAIL.test(value)) throw new AppError("INVALID_NUMBER", "Alamat e-mail tujuan tidak valid.");
  return value.toLowerCase();
}
