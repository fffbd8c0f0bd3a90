// A creation whose process died (or lost its database) between reserving the
// price and recording the delivery outcome stays `pending` and charged. After
// ABANDONED_AFTER_MS nobody will finish it: mark it failed and refund, once.
import { getDb } from "@/server/db/client";
import { applyLedgerChange } from "@/server/services/credits/ledger";

export const ABANDONED_AFTER_MS = 10 * 60 * 1000;
export const ABANDONED_REASON = "abandoned";

export async function refundAbandonedCreations(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const candidates = await db.otpTransaction.findMany({
    where: { status: "pending", charged: true, channel: { not: "whatsapp_inbound" }, createdAt: { lt: cutoff } },
    select: { id: true },
    take: 100,
  });
  let refunded = 0;
  for (const { id } of candidates) {
    const done = await db.$transaction(async (tx) => {
      // Re-checked under the row lock: another worker may have refunded it, or the creation finished after all.
      const [row] = await tx.$queryRaw<{ id: bigint }[]>`SELECT id FROM otp_transactions WHERE id = ${id} AND status = 'pending' AND charged FOR UPDATE`;
      if (!row) return false;
      const otp = await tx.otpTransaction.update({ where: { id }, data: { status: "failed", charged: false, failureReason: ABANDONED_REASON } });
      await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: otp.price, reason: "otp_refund", reference: otp.otpId, note: "Pengiriman tidak selesai" });
      return true;
    });
    if (done) refunded += 1;
  }
  return refunded;
}
