// A send whose process died (or lost its database) between reserving the price and
// recording the outcome stays `pending` and charged. After ABANDONED_AFTER_MS nobody
// will finish it: mark it failed and refund, once. The first send of a creation and a
// fallback's send are the same case: a pending row in otp_deliveries.
import { getDb } from "@/server/db/client";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import { chargeOf, ledgerReference, rollupStatus } from "./deliveries";

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
      const [otp] = await tx.$queryRaw<{ id: bigint; merchant_id: number; otp_id: string; status: string }[]>`
        SELECT id, merchant_id, otp_id, status::text FROM otp_transactions WHERE id = ${candidate.otpTransactionId} FOR UPDATE`;
      const [delivery] = await tx.$queryRaw<{ id: bigint; seq: number; price: number }[]>`
        SELECT id, seq, price FROM otp_deliveries WHERE id = ${candidate.id} AND status = 'pending' AND charged FOR UPDATE`;
      if (!otp || !delivery) return false;
      await tx.otpDelivery.update({ where: { id: delivery.id }, data: { status: "failed", charged: false, failureReason: ABANDONED_REASON } });
      await applyLedgerChange(tx, { merchantId: otp.merchant_id, amount: delivery.price, reason: "otp_refund", reference: ledgerReference(otp.otp_id, delivery.seq), note: "Pengiriman tidak selesai" });
      const deliveries = await tx.otpDelivery.findMany({ where: { otpTransactionId: otp.id }, orderBy: { seq: "asc" } });
      const status = otp.status === "verified" ? "verified" : rollupStatus(deliveries);
      await tx.otpTransaction.update({
        where: { id: otp.id },
        data: { status, ...chargeOf(deliveries), ...(status === "failed" ? { failureReason: ABANDONED_REASON, nextFallbackAt: null, fallbackCode: null } : {}) },
      });
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}
