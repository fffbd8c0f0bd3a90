// "Ubah kata sandi" in Keamanan: the person's current password is required (a session
// left open must not be enough to take the login over), wrong tries are throttled,
// and every other session of the person ends.
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { hashPassword } from "@/server/services/merchants/merchants";
import type { Actor } from "@/server/services/audit/record-audit";
import { recordPersonalChange } from "@/server/services/members/personal-audit";
import type { PasswordChangeInput } from "@/schemas/dashboard/account-security";
import { sendAccountMailLater } from "./account-mail";
import { passwordChangedMail } from "./account-mail-texts";
import { confirmPassword } from "./confirm-password";
import { endOtherSessions } from "./session-cutoff";

export async function changePassword(person: { id: number; userId: string; sessionId: string | null; actor: Actor }, { currentPassword, newPassword }: PasswordChangeInput, now = new Date()): Promise<{ message: string }> {
  const row = await confirmPassword(person, currentPassword, "currentPassword");
  if (currentPassword === newPassword) throw new AppError("VALIDATION_ERROR", "Kata sandi baru harus berbeda dari yang lama.", { field: "newPassword" });
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    // Only if the password is still the one just checked: two changes at once cannot both win.
    const updated = await tx.user.updateMany({ where: { id: person.id, passwordHash: row.passwordHash }, data: { passwordHash, ...endOtherSessions(now, person.sessionId) } });
    if (updated.count !== 1) throw new AppError("CONFLICT", "Kata sandi baru saja diubah di tempat lain. Muat ulang halaman lalu coba lagi.");
    await recordPersonalChange(tx, person, "password.change", null, null);
  });
  sendAccountMailLater(passwordChangedMail(row.email, row.name, `${getEnv().APP_URL}/sign-in`));
  return { message: "Kata sandi diubah. Semua sesi lain di perangkat mana pun telah diakhiri." };
}
