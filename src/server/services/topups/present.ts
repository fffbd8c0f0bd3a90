import { formatWib } from "@/lib/wib-time";
import type { TopupInvoiceData } from "@/schemas/v3/topups";
import type { PaymentMethod, Topup } from "@/generated/prisma/client";
import { paymentHash, paymentUrl } from "./payment-link";

export type TopupWithRelations = Topup & { paymentMethod: PaymentMethod; merchant: { merchantId: string } };

export const TOPUP_INCLUDE = { paymentMethod: true, merchant: { select: { merchantId: true } } } as const;

/** The spec's top-up invoice fields, exactly. */
export function presentInvoice(topup: TopupWithRelations): TopupInvoiceData {
  const hash = paymentHash(topup.topupId, topup.merchant.merchantId);
  return {
    topup_id: topup.topupId,
    payment_url: paymentUrl(topup.topupId, hash),
    payment_hash: hash,
    amount: topup.amount,
    payment_total: topup.paymentTotal,
    payment_method_id: topup.paymentMethodId,
    payment_method: topup.paymentMethod.name,
    payment_type: topup.paymentType,
    payment_expired_at: formatWib(topup.expiresAt),
    status: topup.status,
  };
}

/** What operators see (`otpctl topup pay`): the invoice plus who, fee and when it was paid. */
export function presentForOperator(topup: TopupWithRelations) {
  return {
    ...presentInvoice(topup),
    merchant_id: topup.merchant.merchantId,
    admin_fee: topup.adminFee,
    gateway: topup.gateway,
    paid_at: topup.paidAt ? formatWib(topup.paidAt) : null,
  };
}
