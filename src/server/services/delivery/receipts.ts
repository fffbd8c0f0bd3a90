// Delivery receipts from vendors move a sent OTP to success or to failed; any
// other state (already final, verified, or a receipt for a message we never
// sent) is left alone. A failure reported after the charge refunds through the
// ledger exactly once: the row is locked, `charged` flips once, and the ledger's
// (reason, reference) unique index backs it up.
//
// Adapters hand the vendor our otp_id (Twilio: in the StatusCallback URL;
// WhatsApp: biz_opaque_callback_data), so a receipt that overtakes the end of
// creation (the OTP is still `pending`, its provider_message_id not yet written)
// is recognised, kept, and applied by the worker once creation has recorded the send.
import { z } from "zod";
import { getDb, type Tx } from "@/server/db/client";
import { recordReceipt } from "@/server/metrics/record";
import { OTP_ID_PATTERN } from "@/server/services/otp/otp-rules";
import { applyLedgerChange } from "@/server/services/credits/ledger";

/** Our otp_id as a vendor echoes it back: the one otp_id shape, or it is not ours. */
export const otpReference = z.string().regex(OTP_ID_PATTERN);

export type Receipt = {
  provider: string;
  providerMessageId: string;
  /** Our otp_id as the vendor echoed it back, when the adapter could pass one. */
  otpId?: string;
  outcome: "success" | "failed";
  reason?: string;
};
export type ReceiptResult = { otp_id: string | null; status: string | null; refunded: boolean };

const DEFAULT_FAILURE = "Vendor melaporkan pengiriman gagal";
const EARLY_BATCH = 50;

/**
 * Applies a receipt now, or, when its OTP is still being created (the send not yet
 * recorded), keeps it for the worker (applyEarlyReceipts) and answers at once: the
 * vendor's callback is never held open waiting for our creation to finish.
 */
export async function applyDeliveryReceipt(receipt: Receipt): Promise<ReceiptResult> {
  recordReceipt(receipt.provider, receipt.outcome);
  const db = await getDb();
  const result = await db.$transaction((tx) => applyOnce(tx, receipt));
  if (result !== "pending") return result;
  await db.earlyReceipt.create({
    data: { otpId: receipt.otpId!, provider: receipt.provider, providerMessageId: receipt.providerMessageId, outcome: receipt.outcome, reason: receipt.reason ?? null },
  });
  return { otp_id: receipt.otpId ?? null, status: "pending", refunded: false };
}

/**
 * The worker's half: applies the kept receipts whose OTP's creation has finished (in
 * arrival order, each once, safe with several workers). Returns how many were applied.
 */
export async function applyEarlyReceipts(): Promise<number> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: bigint; otp_id: string; provider: string; provider_message_id: string; outcome: string; reason: string | null }[]>`
      SELECT e.id, e.otp_id, e.provider, e.provider_message_id, e.outcome, e.reason
      FROM early_receipts e JOIN otp_transactions o ON o.otp_id = e.otp_id
      WHERE o.status <> 'pending' OR o.channel = 'whatsapp_inbound'
      ORDER BY e.id LIMIT ${EARLY_BATCH}
      FOR UPDATE OF e SKIP LOCKED`;
    for (const row of rows) {
      const outcome = row.outcome === "success" ? "success" : "failed";
      await applyOnce(tx, { provider: row.provider, providerMessageId: row.provider_message_id, otpId: row.otp_id, outcome, reason: row.reason ?? undefined });
    }
    if (rows.length > 0) await tx.earlyReceipt.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return rows.length;
  });
}

async function applyOnce(tx: Tx, receipt: Receipt): Promise<ReceiptResult | "pending"> {
  const otpId = receipt.otpId && otpReference.safeParse(receipt.otpId).success ? receipt.otpId : null;
  // By our reference when the vendor echoed it (and it agrees with the vendor's id once that is known), else by the vendor's id.
  const [row] = otpId
    ? await tx.$queryRaw<{ id: bigint }[]>`
        SELECT id FROM otp_transactions
        WHERE otp_id = ${otpId} AND (provider_message_id IS NULL OR (provider = ${receipt.provider} AND provider_message_id = ${receipt.providerMessageId}))
        FOR UPDATE`
    : await tx.$queryRaw<{ id: bigint }[]>`
        SELECT id FROM otp_transactions WHERE provider = ${receipt.provider} AND provider_message_id = ${receipt.providerMessageId} FOR UPDATE`;
  if (!row) return { otp_id: null, status: null, refunded: false };
  const otp = await tx.otpTransaction.findUniqueOrThrow({ where: { id: row.id } });
  // Adapters never report `pending` (channel.ts), so for a sent channel it can only mean creation is still running.
  if (otp.status === "pending" && otp.channel !== "whatsapp_inbound") return "pending";
  if (otp.status !== "sent") return { otp_id: otp.otpId, status: otp.status, refunded: false };
  if (receipt.outcome === "success") {
    await tx.otpTransaction.update({ where: { id: otp.id }, data: { status: "success" } });
    return { otp_id: otp.otpId, status: "success", refunded: false };
  }
  if (otp.charged) {
    await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: otp.price, reason: "otp_refund", reference: otp.otpId, note: DEFAULT_FAILURE });
  }
  await tx.otpTransaction.update({
    where: { id: otp.id },
    data: { status: "failed", charged: false, failureReason: (receipt.reason ?? DEFAULT_FAILURE).slice(0, 500) },
  });
  return { otp_id: otp.otpId, status: "failed", refunded: otp.charged };
}
