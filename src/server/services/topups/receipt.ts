// A printable receipt for a paid top-up: what the merchant's bookkeeping needs
// (invoice id, amount credited, admin fee, total paid, method, paid time, who
// paid and who was paid). Only for paid top-ups: the merchant's own in the
// dashboard, or through the invoice's signed link from the hosted page.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWibLong } from "@/lib/wib-time";
import type { Receipt } from "@/schemas/dashboard/exports";
import type { Topup } from "@/generated/prisma/client";
import { serviceName } from "./payee";
import { paymentHashMatches } from "./payment-link";

const RECEIPT_INCLUDE = { paymentMethod: { select: { name: true, code: true } }, merchant: { select: { name: true, merchantId: true } } } as const;

export async function getTopupReceipt(merchantId: number, topupId: string): Promise<Receipt> {
  const db = await getDb();
  const topup = await db.topup.findFirst({ where: { topupId, merchantId }, include: RECEIPT_INCLUDE });
  if (!topup) throw new AppError("NOT_FOUND", "Top-up tidak ditemukan.");
  return present(topup);
}

/** The hosted page's "Lihat kuitansi": null (404) for a wrong link or an unpaid invoice, like the page itself. */
export async function getTopupReceiptByLink(topupId: string, hash: string | null | undefined): Promise<Receipt | null> {
  if (!/^TC\d{8}[A-Z0-9]{1,32}$/.test(topupId)) return null;
  const db = await getDb();
  const topup = await db.topup.findUnique({ where: { topupId }, include: RECEIPT_INCLUDE });
  if (!topup || !paymentHashMatches(hash, topup.topupId, topup.merchant.merchantId) || topup.status !== "Paid") return null;
  return present(topup);
}

type ReceiptRow = Topup & {
  paymentMethod: { name: string; code: string };
  merchant: { name: string; merchantId: string };
};

function present(topup: ReceiptRow): Receipt {
  if (topup.status !== "Paid" || !topup.paidAt) throw new AppError("VALIDATION_ERROR", "Kuitansi hanya tersedia untuk top-up yang sudah lunas.");
  return {
    topup_id: topup.topupId,
    merchant_name: topup.merchant.name,
    merchant_id: topup.merchant.merchantId,
    amount: topup.amount,
    admin_fee: topup.adminFee,
    payment_total: topup.paymentTotal,
    payment_method: topup.paymentMethod.name,
    payment_method_code: topup.paymentMethod.code,
    paid_at: formatWibLong(topup.paidAt),
    payee: serviceName(),
  };
}
