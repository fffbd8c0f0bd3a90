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

export const RESET_REQUESTED = "Jika e-mail ini terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku 30 menit.";

export async function requestPasswordReset({ email }: PasswordResetRequestInput, clientIp: string): Promise<{ message: string }> {
  await countResetRequest(email, clientIp);
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { email }, select: { id: true, name: true, email: true } });
  if (merchant) {
    const token = await issueAccountToken(merchant.id, "reset_password", merchant.email);
    sendAccountMailLater(resetMail(merchant.email, merchant.name, `${getEnv().APP_URL}/reset-password?token=${token}`));
  }
  return { message: RESET_REQUESTED };
}

/** Sets the new password and ends every dashboard session of the account. */
export async function resetPassword({ token, password }: PasswordResetInput, now = new Date()): Promise<{ message: string }> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const merchant = await db.$transaction(async (tx) => {
    const { merchantId, email } = await spendAccountToken(tx, token, "reset_password", now);
    const updated = await tx.merchant.update({ where: { id: merchantId }, data: { passwordHash, ...endOtherSessions(now, null) }, select: { name: true, email: true, emailVerifiedAt: true } });
    // Opening a link sent to the address proves the address as well.
    if (!updated.emailVerifiedAt && updated.email === email) await tx.merchant.update({ where: { id: merchantId }, data: { emailVerifiedAt: now } });
    return updated;
  });
  sendAccountMailLater(passwordChangedMail(merchant.email, merchant.name, `${getEnv().APP_URL}/sign-in`));
  return { message: "Kata sandi baru disimpan. Silakan masuk dengan kata sandi baru." };
}
