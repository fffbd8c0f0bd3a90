import { verify } from "@node-rs/argon2";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { countPasswordChangeTry } from "./account-throttle";

/**
 * Keamanan's changes ask for the person's current password, so a session left open is
 * not enough to take the login over; tries share the password change's throttle.
 */
export async function confirmPassword(person: { id: number; userId: string }, password: string, field = "password"): Promise<{ passwordHash: string; name: string; email: string }> {
  await countPasswordChangeTry(person.userId);
  const db = await getDb();
  const row = await db.user.findUnique({ where: { id: person.id }, select: { passwordHash: true, name: true, email: true } });
  if (!row) throw new AppError("NOT_FOUND", "Akun tidak ditemukan.");
  const matches = row.passwordHash ? await verify(row.passwordHash, password).catch(() => false) : false;
  if (!matches || !row.passwordHash) throw new AppError("VALIDATION_ERROR", "Kata sandi saat ini salah.", { field });
  return { passwordHash: row.passwordHash, name: row.name, email: row.email };
}
