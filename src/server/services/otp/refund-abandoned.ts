// A send whose process died (or lost its database) between reserving the price and
// recording the outcome stays `pending` and charged. After ABANDONED_AFTER_MS nobody
// will finish it: the delivery recorder marks it failed and refunds it, once. The first
// send of a creation and a fallback's send are the same case: a pending row in otp_deliveries.
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import { getDb } from "@/server/db/client";
import { recordOutcome } from "@/server/services/delivery/delivery-recorder";

export const ABANDONED_AFTER_MS = 10 * 60 * 1000;
export const ABANDONED_REASON = "abandoned";

export async function refundAbandonedCreations(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const candidates = await db.otpDelivery.findMany({
    where: { status: "pending", charged: true, createdAt: { lt: cutoff } },
    select: { id: true, otpTransactionId: true },
    take: 100,
  });
  let refunded = 0;
  for (const candidate of candidates) {
    const done = await db.$transaction(async (tx) => {
      // Re-checked under the row locks (OTP first, as everywhere): another worker may have refunded it, or the send finished after all.
      const [otp] = await tx.$queryRaw<{ id: bigint; merchant_id: number; otp_id: string; status: OtpStatus; destination: string | null }[]>`
        SELECT id, merchant_id, otp_id, status, destination FROM otp_transactions WHERE id = ${candidate.otpTransactionId} FOR UPDATE`;
      const [attempt] = await tx.$queryRaw<{ id: bigint; seq: number; channel: Channel; price: number }[]>`
        SELECT id, seq, channel, price FROM otp_deliveries WHERE id = ${candidate.id} AND status = 'pending' AND charged FOR UPDATE`;
      if (!otp || !attempt) return false;
      const recorded = await recordOutcome(
        tx,
        { id: otp.id, merchantId: otp.merchant_id, otpId: otp.otp_id, status: otp.status, destination: otp.destination },
        { ...attempt, charged: true },
        { status: "failed", reason: ABANDONED_REASON, refundNote: "Pengiriman tidak selesai" },
        now,
      );
      const { status } = recorded.otp;
      await tx.otpTransaction.update({
        where: { id: otp.id },
        data: { ...recorded.otp, ...(status === "failed" ? { failureReason: ABANDONED_REASON, nextFallbackAt: null, fallbackCode: null } : {}) },
      });
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}
