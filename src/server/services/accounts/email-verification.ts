// E-mail verification: sign-up sends a link; opening it marks the address the
// link was sent to as verified (a link for an address the account no longer has
// verifies nothing).
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { EmailVerificationInput } from "@/schemas/dashboard/account-security";
import { sendAccountMailLater } from "./account-mail";
import { verificationMail } from "./account-mail-texts";
import { countVerificationMail } from "./account-throttle";
import { INVALID_LINK, issueAccountToken, spendAccountToken } from "./account-tokens";

export async function sendVerificationMail(merchantId: number): Promise<{ message: string }> {
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { merchantId: true, name: true, email: true, emailVerifiedAt: true } });
  if (!merchant) throw new AppError("NOT_FOUND", "Akun tidak ditemukan.");
  if (merchant.emailVerifiedAt) return { message: "E-mail Anda sudah terverifikasi." };
  await countVerificationMail(merchant.merchantId);
  const token = await issueAccountToken(merchantId, "verify_email", merchant.email);
  sendAccountMailLater(verificationMail(merchant.email, merchant.name, `${getEnv().APP_URL}/verify-email?token=${token}`));
  return { message: `Tautan verifikasi dikirim ke ${merchant.email}. Tautan berlaku 24 jam.` };
}

export async function verifyEmail({ token }: EmailVerificationInput, now = new Date()): Promise<{ message: string }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { merchantId, email } = await spendAccountToken(tx, token, "verify_email", now);
    const updated = await tx.merchant.updateMany({ where: { id: merchantId, email }, data: { emailVerifiedAt: now } });
    if (updated.count !== 1) throw new AppError("VALIDATION_ERROR", INVALID_LINK);
    return { message: `E-mail ${email} terverifikasi.` };
  });
}
