// A printable receipt for a paid top-up: what the merchant's bookkeeping needs
// (invoice id, amount credited, admin fee, total paid, method, paid time, who
// paid and who was paid). Only for the merchant's own, paid top-ups.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWibLong } from "@/server/lib/wib-time";
import type { Receipt } from "@/schemas/dashboard/exports";

/** Who receives top-up payments: the service itself, not the merchant. */
export const RECEIPT_PAYEE = "Sandi";

export async function getTopupReceipt(merchantId: number, topupId: string): Promise<Receipt> {
  const db = await getDb();
  const topup = await db.topup.findFirst({
    where: { topupId, merchantId },
    include: { paymentMethod: { select: { name: true } }, merchant: { select: { name: true, merchantId: true } } },
  });
  if (!topup) throw new AppError("NOT_FOUND", "Top-up tidak ditemukan.");
  if (topup.status !== "Paid" || !topup.paidAt) throw new AppError("VALIDATION_ERROR", "Kuitansi hanya tersedia untuk top-up yang sudah lunas.");
  return {
    topup_id: topup.topupId,
    merchant_name: topup.merchant.name,
    merchant_id: topup.merchant.merchantId,
    amount: topup.amount,
    admin_fee: topup.adminFee,
    payment_total: topup.paymentTotal,
    payment_method: topup.paymentMethod.name,
    paid_at: formatWibLong(topup.paidAt),
    payee: RECEIPT_PAYEE,
  };
}
