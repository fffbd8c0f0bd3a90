// What the payment callback endpoint calls once the gateway is authenticated.
// Paid → settle (idempotent); failed → Pending becomes Failed; the rest is noted.
//
// A gateway's callback token proves the callback came from the gateway account, not
// that it is about this invoice's payment, so a callback is acted on only when it
// names the gateway that issued the invoice and the QR code or virtual account
// issued for it, and (for a payment) the full total in rupiah.
import { getDb } from "@/server/db/client";
import type { GatewayNotification } from "@/server/payments/notification";
import { settleTopup } from "./settle";
import { log } from "@/server/log";

export type NotificationOutcome = "credited" | "already_paid" | "failed" | "unchanged" | "unknown_topup" | "amount_mismatch" | "reference_mismatch" | "ignored";

export async function handleGatewayNotification(notification: GatewayNotification, now: Date = new Date()): Promise<NotificationOutcome> {
  if (notification.kind === "ignored") return "ignored";
  const db = await getDb();
  const topup = await db.topup.findUnique({ where: { topupId: notification.topupId }, select: { paymentTotal: true, gateway: true, gatewayReference: true } });
  if (!topup) {
    log.warn({ topup_id: notification.topupId }, "gateway callback for unknown top-up");
    return "unknown_topup";
  }
  if (topup.gateway !== notification.gateway || notification.instrumentId !== topup.gatewayReference) {
    log.error(
      {
        topup_id: notification.topupId,
        gateway: notification.gateway,
        instrument_id: notification.instrumentId,
        expected_gateway: topup.gateway,
        expected_instrument_id: topup.gatewayReference,
      },
      "gateway callback names another gateway or payment instrument; ignored",
    );
    return "reference_mismatch";
  }
  if (notification.kind === "failed") {
    const { count } = await db.topup.updateMany({ where: { topupId: notification.topupId, status: "Pending" }, data: { status: "Failed" } });
    return count === 1 ? "failed" : "unchanged";
  }
  // Closed VAs and dynamic QRs fix the amount at the gateway; a missing, foreign or short amount means something is wrong.
  const currencyOk = notification.currency === null || notification.currency === "IDR";
  if (!currencyOk || notification.amount === null || notification.amount < topup.paymentTotal) {
    log.error(
      { topup_id: notification.topupId, paid: notification.amount, currency: notification.currency, expected: topup.paymentTotal },
      "gateway reported a payment that does not cover the invoice; not credited",
    );
    return "amount_mismatch";
  }
  const result = await settleTopup(notification.topupId, { source: "gateway", gatewayReference: notification.gatewayReference, now });
  return result.credited ? "credited" : "already_paid";
}
