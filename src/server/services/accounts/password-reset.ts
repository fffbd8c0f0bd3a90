// "Lupa kata sandi": a link by e-mail, valid 30 minutes, usable once. The answer
// is the same sentence whether or not the address has an account, and the
// e-mail goes out after the answer, so neither words nor timing tell.
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { hashPassword } from "@/server/services/merchants/merchants";
import type { PasswordResetInput, PasswordResetRequestInput } from "@/schemas/dashboard/account-security";
import { sendAccountMailLater } from "./account-mail";
import { passwordChangedMail, resetMail } from "./account-mail-texts";
import { countResetRequest } from "./account-throttle";
import { issueAccountToken, spendAccountToken } from "./account-tokens";
import { endOtherSessions } from "./session-cutoff";
import { adoptLoginByEmail } from "@/server/services/members/adopt-login";
import { recordPersonalChange } from "@/server/services/members/personal-audit";

export const RESET_REQUESTED = "Jika e-mail ini terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku 30 menit.";

export async function requestPasswordReset({ email }: PasswordResetRequestInput, clientIp: string): Promise<{ message: string }> {
  await countResetRequest(email, clientIp);
  const db = await getDb();
  await adoptLoginByEmail(email);
  // The link is the person's (users.email); the token row is filed under one of their accounts.
  const user = await db.user.findUnique({ where: { email }, select: { name: true, email: true, memberships: { select: { merchantId: true }, take: 1, orderBy: { id: "asc" } } } });
  if (user?.memberships[0]) {
    const token = await issueAccountToken(user.memberships[0].merchantId, "reset_password", user.email);
    sendAccountMailLater(resetMail(user.email, user.name, `${getEnv().APP_URL}/reset-password?token=${token}`));
  }
  return { message: RESET_REQUESTED };
}

/** Sets the person's new password and ends every dashboard session of theirs. */
export async function resetPassword({ token, password }: PasswordResetInput, now = new Date(), requestFrom: { ip?: string | null; userAgent?: string | null } = {}): Promise<{ message: string }> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const merchant = await db.$transaction(async (tx) => {
    const { merchantId, email } = await spendAccountToken(tx, token, "reset_password", now);
    const updated = await tx.user.update({ where: { email }, data: { passwordHash, ...endOtherSessions(now, null) }, select: { id: true, userId: true, name: true, email: true } });
    await recordPersonalChange(tx, { id: updated.id, actor: { kind: "member", userId: updated.id, email: updated.email, ...requestFrom } }, "password.reset", null, null);
    // Opening a link sent to the address proves the address as well (the account's own address).
    await tx.merchant.updateMany({ where: { id: merchantId, email, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    return updated;
  });
  sendAccountMailLater(passwordChangedMail(merchant.email, merchant.name, `${getEnv().APP_URL}/sign-in`));
  return { message: "Kata sandi baru disimpan. Silakan masuk dengan kata sandi baru." };
}
