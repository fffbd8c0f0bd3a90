// POST /v3/topups (input parsed at the edge by createTopupBody): pick the method, price the fee, ask the gateway for
// a QR or VA, then store the invoice. The gateway is called first so that a
// gateway failure leaves nothing behind (an orphaned gateway charge just expires).
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { GatewayError } from "@/server/payments/gateway";
import { getPaymentGatewayForMode } from "@/server/payments/registry";
import { topupInvoiceData, type TopupInvoiceData } from "@/schemas/v3/topups";
import { adminFee } from "./admin-fee";
import type { TopupRequest } from "@/schemas/v3/topups";
import { choosePaymentMethod } from "./payment-methods";
import { presentInvoice, TOPUP_INCLUDE } from "./present";
import { serviceName } from "./payee";
import { newTopupId } from "./topup-id";
import { TOPUP_VALIDITY_MS } from "./topup-rules";
import { log, stackOf } from "@/server/log";
import { recordAudit, worldModeOf, type ChangeBy } from "@/server/services/audit/record-audit";

/**
 * `by` names the member (dashboard) or API key (/v3/topups) for the audit log, whose row says which world;
 * `requestId` the /v3 request, for the line a gateway failure logs.
 */
export async function createTopup(merchantId: number, request: TopupRequest, by: ChangeBy, requestId?: string): Promise<TopupInvoiceData> {
  const now = new Date();
  const method = await choosePaymentMethod(request.amount, request.paymentMethodId);
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { liveMerchantId: true } });
  if (!merchant) throw new AppError("UNAUTHORIZED");

  const fee = adminFee(request.amount, method);
  const paymentTotal = request.amount + fee;
  const expiresAt = new Date(now.getTime() + TOPUP_VALIDITY_MS);
  const topupId = newTopupId(now);
  const gateway = getPaymentGatewayForMode(merchant.liveMerchantId === null);

  let charge;
  try {
    charge = await gateway.createCharge({
      topupId,
      paymentTotal,
      method: { code: method.code, name: method.name, type: method.type, bankCode: method.bankCode },
      payeeName: serviceName(),
      expiresAt,
    });
  } catch (err) {
    const message = err instanceof GatewayError ? err.message : stackOf(err);
    log.error({ request_id: requestId, gateway: gateway.name, topup_id: topupId, error: message }, "payment gateway refused top-up");
    throw new AppError("INTERNAL_ERROR", "Pembayaran tidak dapat disiapkan saat ini. Silakan coba lagi.");
  }

  const topup = await db.$transaction(async (tx) => {
    const created = await tx.topup.create({
    data: {
      topupId,
      merchantId,
      paymentMethodId: method.id,
      amount: request.amount,
      adminFee: fee,
      paymentTotal,
      paymentType: method.type,
      status: "Pending",
      gateway: gateway.name,
      gatewayReference: charge.reference,
      qrString: charge.qrString,
      vaBank: charge.vaBank,
      vaNumber: charge.vaNumber,
      expiresAt,
      createdAt: now,
    },
    include: TOPUP_INCLUDE,
    });
    await recordAudit(tx, { ...by, action: "topup.create", target: topupId, after: { amount: request.amount, admin_fee: fee, payment_method: method.code, mode: worldModeOf(merchantId, by) } });
    return created;
  });
  // The response is the public contract: checked against the same schema the OpenAPI document uses.
  return topupInvoiceData.parse(presentInvoice(topup));
}
