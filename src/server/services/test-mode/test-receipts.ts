import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { applyDeliveryReceipt } from "@/server/services/delivery/receipts";
import type { TestReceipt } from "@/schemas/v3/test-mode";

const TEST_FAILURE = "Uji: penerimaan dilaporkan gagal (POST /v3/test/receipts)";

/**
 * POST /v3/test/receipts: a vendor's delivery receipt for a test OTP, applied by the
 * same code as real receipts (a failure after the charge refunds the test saldo once).
 */
export async function applyTestReceipt(testWorldId: number, input: TestReceipt) {
  const db = await getDb();
  const otp = await db.otpTransaction.findFirst({ where: { otpId: input.otpId, merchantId: testWorldId }, select: { otpId: true, provider: true, providerMessageId: true, status: true } });
  if (!otp) throw new AppError("OTP_NOT_FOUND");
  const result = await applyDeliveryReceipt({
    provider: otp.provider,
    providerMessageId: otp.providerMessageId ?? "",
    otpId: otp.otpId,
    outcome: input.status === "delivered" ? "success" : "failed",
    reason: input.status === "failed" ? TEST_FAILURE : undefined,
  });
  return { otp_id: otp.otpId, status: result.status ?? otp.status, refunded: result.refunded };
}
