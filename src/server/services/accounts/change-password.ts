// "Ubah kata sandi" in Keamanan: the current password is required (a session
// left open must not be enough to take the account over), wrong tries are
// throttled, and every other session of the account ends.
import { verify } from "@node-rs/argon2";
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { parseInput } from "@/server/validation";
import { hashPassword } from "@/server/services/merchants/merchants";
import { passwordChangeSchema, type PasswordChangeInput } from "@/schemas/dashboard/account-security";
import { sendAccountMailLater } from "./account-mail";
import { passwordChangedMail } from "./account-mail-texts";
import { countPasswordChangeTry } from "./account-throttle";
import { endOtherSessions } from "./session-cutoff";

export async function changePassword(merchant: { id: number; merchantId: string; sessionId: string | null }, input: PasswordChangeInput, now = new Date()): Promise<{ message: string }> {
  const { currentPassword, newPassword } = parseInput(passwordChangeSchema, input);
  await countPasswordChangeTry(merchant.merchantId);
  const db = await getDb();
  const row = await db.merchant.findUnique({ where: { id: merchant.id }, select: { passwordHash: true, name: true, email: true } });
  if (!row) throw new AppError("NOT_FOUND", "Akun tidak ditemukan.");
  const matches = row.passwordHash ? await verify(row.passwordHash, currentPassword).catch(() => false) : false;
  if (!matches) throw new AppError("VALIDATION_ERROR", "Kata sandi saat ini salah.", { field: "currentPassword" });
  if (currentPassword === newPassword) throw new AppError("VALIDATION_ERROR", "Kata sandi baru harus berbeda dari yang lama.", { field: "newPassword" });
  const passwordHash = await hashPassword(newPassword);
  // Only if the password is still the one just checked: two changes at once cannot both win.
  const updated = await db.merchant.updateMany({ where: { id: merchant.id, passwordHash: row.passwordHash }, data: { passwordHash, ...endOtherSessions(now, merchant.sessionId) } });
  if (updated.count !== 1) throw new AppError("CONFLICT", "Kata sandi baru saja diubah di tempat lain. Muat ulang halaman lalu coba lagi.");
  sendAccountMailLater(passwordChangedMail(row.email, row.name, `${getEnv().APP_URL}/sign-in`));
  return { message: "Kata sandi diubah. Semua sesi lain di perangkat mana pun telah diakhiri." };
}
