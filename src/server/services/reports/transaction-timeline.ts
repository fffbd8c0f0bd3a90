// What happened to one OTP after its creation, for the dashboard's transaction
// detail: each send (otp_deliveries, in order) and the webhook events recorded
// about it, with what became of their delivery to the merchant's endpoint.
import { formatWib } from "@/lib/wib-time";
import type { Tx } from "@/server/db/client";
import { presentDelivery } from "@/server/services/otp/deliveries";
import { failureSentence } from "@/server/channels/failure-codes";

export async function deliveryTimeline(db: Tx, otpTransactionId: bigint) {
  const rows = await db.otpDelivery.findMany({
    where: { otpTransactionId },
    select: { seq: true, channel: true, status: true, price: true, charged: true, provider: true, failureReason: true, sentAt: true, createdAt: true, route: true, routeReason: true },
    orderBy: { seq: "asc" },
  });
  return rows.map((d) => ({
    ...presentDelivery(d),
    seq: d.seq,
    // What the send would have cost, so a free (failed or skipped) one still says what was not charged.
    list_price: d.price,
    charged: d.charged,
    provider: d.provider,
    failure_reason: failureSentence(d.failureReason),
    /** When this send began: the only moment a send that failed or was skipped has. */
    started_at: formatWib(d.createdAt),
  }));
}

/**
 * Events whose data names this OTP, oldest first. No index covers the payload, so the
 * scan stays inside the merchant world's own events (merchant_id is indexed).
 */
export async function otpWebhookEvents(db: Tx, merchantId: number, otpId: string) {
  const events = await db.webhookEvent.findMany({
    where: { merchantId, payload: { path: ["data", "otp_id"], equals: otpId } },
    select: {
      eventId: true,
      type: true,
      createdAt: true,
      deliveries: { select: { status: true, _count: { select: { attempts: true } } }, orderBy: { id: "desc" } },
    },
    orderBy: { id: "asc" },
  });
  return events.map((e) => {
    // A resend adds a delivery; the newest one says where the event stands now.
    const latest = e.deliveries[0];
    return {
      event_id: e.eventId,
      type: e.type,
      created_at: formatWib(e.createdAt),
      delivery: latest ? { status: latest.status, attempts: latest._count.attempts, resends: e.deliveries.length - 1 } : null,
    };
  });
}
