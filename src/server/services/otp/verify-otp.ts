// POST /v3/verify. The row is locked for the whole check, so parallel verifies of
// one OTP give exactly one verified:true and count every mismatch exactly once.
import type { OtpTransaction } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { observeVerification } from "@/server/metrics/record";
import { emitOtpVerified } from "@/server/services/webhooks/emit";
import { verifyOtpBody, verifyResultData, type VerifyResultData } from "@/schemas/v3/otp";
import { parseV3Body } from "@/server/validation";
import { codeMatches } from "./code-hash";
import { OTP_ID_PATTERN } from "./otp-rules";

export function verifyOtp(merchantId: number, raw: unknown, now = new Date()): Promise<VerifyResultData> {
  return observeVerification(verifyOnce(merchantId, raw, now));
}

async function verifyOnce(merchantId: number, raw: unknown, now: Date): Promise<VerifyResultData> {
  const { otp_id: otpId, otp: code } = parseV3Body(verifyOtpBody, raw);
  if (!OTP_ID_PATTERN.test(otpId)) throw new AppError("OTP_NOT_FOUND");
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [otp] = await tx.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM otp_transactions WHERE otp_id = ${otpId} AND merchant_id = ${merchantId} FOR UPDATE`;
    if (!otp) throw new AppError("OTP_NOT_FOUND");
    const row = await tx.otpTransaction.findUniqueOrThrow({ where: { id: otp.id } });
    assertVerifiable(row, now);
    if (row.codeHash && codeMatches(row.otpId, code, row.codeHash)) {
      const verified = await tx.otpTransaction.update({ where: { id: row.id }, data: { status: "verified", verifiedAt: now } });
      await emitOtpVerified(tx, {
        merchantId,
        otpId: verified.otpId,
        channel: verified.channel,
        destination: verified.destination,
        verifiedAt: now,
        externalId: verified.externalId,
      });
      return verifyResultData.parse({ otp_id: row.otpId, verified: true, reason: "" });
    }
    await tx.otpTransaction.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    return verifyResultData.parse({ otp_id: row.otpId, verified: false, reason: "mismatch" });
  });
}

function assertVerifiable(otp: OtpTransaction, now: Date): void {
  // Verified answers ALREADY_USED whatever the channel (spec: "verified — any submission").
  if (otp.status === "verified") throw new AppError("ALREADY_USED");
  if (otp.channel === "whatsapp_inbound") {
    throw new AppError("VALIDATION_ERROR", "Transaksi whatsapp_inbound diverifikasi otomatis saat pesan WhatsApp pengguna diterima; pantau statusnya dengan GET /v3/otp/{otp_id}.");
  }
  if (otp.attempts >= otp.maxAttempts) throw new AppError("TOO_MANY_ATTEMPTS");
  // A code that was never delivered cannot be verified; the merchant needs a new transaction.
  if (otp.status === "failed") throw new AppError("OTP_EXPIRED", "Pengiriman OTP ini gagal sehingga kode tidak dapat diverifikasi. Silakan minta kode baru.");
  if (now >= otp.expiresAt) throw new AppError("OTP_EXPIRED");
}
