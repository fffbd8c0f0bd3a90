// Delivery receipts from vendors move a sent OTP to success or to failed; any
// other state (already final, verified, or a receipt for a message we never
// sent) is left alone. A failure reported after the charge refunds through the
// ledger exactly once: the row is locked, `charged` flips once, and the ledger's
// (reason, reference) unique index backs it up.
//
// Adapters hand the vendor our otp_id (Twilio: in the StatusCallback URL;
// WhatsApp: biz_opaque_callback_data), so a receipt that overtakes the end of
// creation (the OTP is still `pending`, its provider_message_id not yet written)
// is recognised and applied once creation has recorded the send.
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { recordReceipt } from "@/server/metrics/record";
import { applyLedgerChange } from "@/server/services/credits/ledger";

export const otpReference = z.string().regex(/^OTP[0-9A-Z]{8,40}$/);

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
/** How long a receipt waits for its OTP's creation to finish recording the send. */
const CREATION_WAIT_MS = 3_000;
const CREATION_POLL_MS = 100;

/** Thrown when the OTP is still being created after the wait; the hook answers 503 so the vendor may resend. */
export class ReceiptTooEarlyError extends Error {
  constructor(readonly otpId: string) {
    super(`Receipt for ${otpId} arrived before its creation finished`);
    this.name = "ReceiptTooEarlyError";
  }
}

export async function applyDeliveryReceipt(receipt: Receipt): Promise<ReceiptResult> {
  recordReceipt(receipt.provider, receipt.outcome);
  const deadline = Date.now() + CREATION_WAIT_MS;
  for (;;) {
    const result = await applyOnce(receipt);
    if (result !== "pending") return result;
    if (Date.now() >= deadline) throw new ReceiptTooEarlyError(receipt.otpId ?? receipt.providerMessageId);
    await new Promise((resolve) => setTimeout(resolve, CREATION_POLL_MS));
  }
}

async function applyOnce(receipt: Receipt): Promise<ReceiptResult | "pending"> {
  const db = await getDb();
  const otpId = receipt.otpId && otpReference.safeParse(receipt.otpId).success ? receipt.otpId : null;
  return db.$transaction(async (tx) => {
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
  });
}
