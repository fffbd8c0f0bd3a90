// What the payment callback endpoint calls once the gateway is authenticated.
// Paid → settle (idempotent); failed → Pending becomes Failed; the rest is noted.
import { getDb } from "@/server/db/client";
import type { GatewayNotification } from "@/server/payments/notification";
import { settleTopup } from "./settle";

export type NotificationOutcome = "credited" | "already_paid" | "failed" | "unchanged" | "unknown_topup" | "amount_mismatch" | "ignored";

export async function handleGatewayNotification(notification: GatewayNotification, now: Date = new Date()): Promise<NotificationOutcome> {
  if (notification.kind === "ignored") return "ignored";
  const db = await getDb();
  const topup = await db.topup.findUnique({ where: { topupId: notification.topupId }, select: { paymentTotal: true } });
  if (!topup) {
    console.warn(JSON.stringify({ msg: "gateway callback for unknown top-up", topup_id: notification.topupId }));
    return "unknown_topup";
  }
  if (notification.kind === "failed") {
    const { count } = await db.topup.updateMany({ where: { topupId: notification.topupId, status: "Pending" }, data: { status: "Failed" } });
    return count === 1 ? "failed" : "unchanged";
  }
  // Closed VAs and dynamic QRs fix the amount at the gateway; an underpayment here means something is wrong.
  if (notification.amount !== null && notification.amount < topup.paymentTotal) {
    console.error(JSON.stringify({ msg: "gateway reported an underpayment; not credited", topup_id: notification.topupId, paid: notification.amount, expected: topup.paymentTotal }));
    return "amount_mismatch";
  }
  const result = await settleTopup(notification.topupId, { source: "gateway", gatewayReference: notification.gatewayReference, now });
  return result.credited ? "credited" : "already_paid";
}
