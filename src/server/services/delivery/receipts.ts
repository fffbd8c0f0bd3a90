// Delivery receipts from vendors move a sent OTP to success or to failed; any
// other state (already final, verified, or a receipt for a message we never
// sent) is left alone. The outcome, and the refund of a failure reported after the
// charge, is recorded by the delivery recorder exactly once: the row is locked,
// `charged` flips once, and the ledger's (reason, reference) unique index backs it up.
//
// Adapters hand the vendor our otp_id (Twilio: in the StatusCallback URL;
// WhatsApp: biz_opaque_callback_data), so a receipt that overtakes the end of
// creation (the OTP is still `pending`, its provider_message_id not yet written)
// is recognised, kept, and applied by the worker once creation has recorded the send.
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import { getDb, type Tx } from "@/server/db/client";
import { recordReceipt } from "@/server/metrics/record";
import { OTP_ID_PATTERN } from "@/server/services/otp/otp-rules";
import { recordOtpEvent, stateOfRow } from "@/server/services/otp/lifecycle-events";
import { LISTENS_TO_DELIVERED, announceAttempt, recordOutcome, recordQuietSandboxDeliveries } from "./delivery-recorder";

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
  const result = await db.$transaction((tx) => applyReceipt(tx, receipt));
  if (result !== "pending") return result;
  await db.earlyReceipt.create({
    data: { otpId: receipt.otpId!, provider: receipt.provider, providerMessageId: receipt.providerMessageId, outcome: receipt.outcome, reason: receipt.reason ?? null },
  });
  return { otp_id: receipt.otpId ?? null, status: "pending", refunded: false };
}

/**
 * The worker's half: applies the kept receipts whose send has been recorded (in
 * arrival order, each once, safe with several workers). Returns how many were applied.
 */
export async function applyEarlyReceipts(): Promise<number> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: bigint; otp_id: string; provider: string; provider_message_id: string; outcome: string; reason: string | null }[]>`
      SELECT e.id, e.otp_id, e.provider, e.provider_message_id, e.outcome, e.reason
      FROM early_receipts e JOIN otp_transactions o ON o.otp_id = e.otp_id
      WHERE o.channel = 'whatsapp_inbound'
         OR NOT EXISTS (SELECT 1 FROM otp_deliveries d WHERE d.otp_transaction_id = o.id AND d.status = 'pending')
      ORDER BY e.id LIMIT ${EARLY_BATCH}
      FOR UPDATE OF e SKIP LOCKED`;
    for (const row of rows) {
      const outcome = row.outcome === "success" ? "success" : "failed";
      await applyReceipt(tx, { provider: row.provider, providerMessageId: row.provider_message_id, otpId: row.otp_id, outcome, reason: row.reason ?? undefined });
    }
    if (rows.length > 0) await tx.earlyReceipt.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return rows.length;
  });
}

/**
 * The sandbox's own delivered receipts (it "confirms" its sends about a second later).
 * Every creation gets one, so the common case is one statement per batch: sends whose
 * merchant does not listen to otp.delivered move to success with their OTP (the chain
 * stops, the sealed code is erased). Rows another transaction holds are skipped (SKIP
 * LOCKED on both rows, so this never waits and never deadlocks) and come next time.
 * Sends whose endpoint wants otp.delivered go through the vendor path, which records it.
 * Returns how many were applied. The worker runs the two halves on their own clocks.
 */
export async function applySandboxReceipts(now = new Date()): Promise<number> {
  return (await applyQuietSandboxReceipts(now)) + (await applyListenedSandboxReceipts(now));
}

/** The one-statement half, in batches of SANDBOX_BATCH until none is left (at most SANDBOX_PASSES). */
export async function applyQuietSandboxReceipts(now = new Date()): Promise<number> {
  let applied = 0;
  for (let pass = 0; pass < SANDBOX_PASSES; pass++) {
    const n = await recordQuietSandboxDeliveries(now, SANDBOX_BATCH);
    applied += n;
    if (n < SANDBOX_BATCH) break;
  }
  return applied;
}

/** The row-by-row half, EARLY_BATCH rows a transaction until none is left (at most SANDBOX_PASSES). */
export async function applyListenedSandboxReceipts(now = new Date()): Promise<number> {
  let applied = 0;
  for (let pass = 0; pass < SANDBOX_PASSES; pass++) {
    const n = await applyAnnouncedSandboxReceipts(now);
    applied += n;
    if (n < EARLY_BATCH) break;
  }
  return applied;
}

const SANDBOX_BATCH = 500;
const SANDBOX_PASSES = 10;

/**
 * The due sandbox receipts the one-statement batch does not take (its merchant listens to
 * otp.delivered, or the send is no longer `sent`), one by one through the vendor path.
 * The rest are left to that batch even when more are due than it takes in one pass: taken
 * here they would cost several statements each, in a transaction holding a pool connection
 * throughout (under load, 50 a pass of the creations' receipts went this way).
 */
export async function applyAnnouncedSandboxReceipts(now: Date): Promise<number> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ delivery_id: bigint; otp_id: string; provider: string; provider_message_id: string }[]>`
      SELECT d.id AS delivery_id, o.otp_id, d.provider, d.provider_message_id
      FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id
      WHERE d.receipt_due_at <= ${now}
        AND (d.status <> 'sent' OR ${Prisma.raw(LISTENS_TO_DELIVERED)})
      ORDER BY d.receipt_due_at LIMIT ${EARLY_BATCH}
      FOR UPDATE OF d, o SKIP LOCKED`;
    for (const row of rows) {
      await tx.otpDelivery.update({ where: { id: row.delivery_id }, data: { receiptDueAt: null } });
      await applyReceipt(tx, { provider: row.provider, providerMessageId: row.provider_message_id, otpId: row.otp_id, outcome: "success" }, now);
    }
    return rows.length;
  });
}

type ReceiptOtpRow = {
  id: bigint;
  merchant_id: number;
  otp_id: string;
  channel: Channel;
  destination: string | null;
  verified_from: string | null;
  status: OtpStatus;
  external_id: string | null;
  attempts: number;
  max_attempts: number;
  expires_at: Date;
  fallback_index: number;
  fallback_count: number;
  next_fallback_at: Date | null;
};

async function applyReceipt(tx: Tx, receipt: Receipt, now = new Date()): Promise<ReceiptResult | "pending"> {
  const otpId = receipt.otpId && otpReference.safeParse(receipt.otpId).success ? receipt.otpId : null;
  // The send: by our reference when the vendor echoed it (the exact vendor id first, else the one
  // whose vendor id is not known yet), else by the vendor's id alone.
  const [found] = otpId
    ? await tx.$queryRaw<{ id: bigint; otp_transaction_id: bigint }[]>`
        SELECT d.id, d.otp_transaction_id FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id
        WHERE o.otp_id = ${otpId} AND d.status <> 'skipped'
          AND (d.provider_message_id IS NULL OR (d.provider = ${receipt.provider} AND d.provider_message_id = ${receipt.providerMessageId}))
        ORDER BY (d.provider_message_id IS NOT NULL) DESC, d.seq DESC LIMIT 1`
    : await tx.$queryRaw<{ id: bigint; otp_transaction_id: bigint }[]>`
        SELECT id, otp_transaction_id FROM otp_deliveries WHERE provider = ${receipt.provider} AND provider_message_id = ${receipt.providerMessageId}
        ORDER BY id DESC LIMIT 1`;
  if (!found) return { otp_id: null, status: null, refunded: false };
  const [otp] = await tx.$queryRaw<ReceiptOtpRow[]>`
    SELECT id, merchant_id, otp_id, channel, destination, verified_from, status, external_id, attempts, max_attempts, expires_at,
           fallback_index, cardinality(fallback_channels) AS fallback_count, next_fallback_at
    FROM otp_transactions WHERE id = ${found.otp_transaction_id} FOR UPDATE`;
  const delivery = await tx.otpDelivery.findUniqueOrThrow({ where: { id: found.id } });
  // Adapters never report `pending` (channel.ts), so a pending send is one whose creation is still running.
  if (delivery.status === "pending") return "pending";
  if (delivery.status !== "sent") return { otp_id: otp.otp_id, status: otp.status, refunded: false };
  const success = receipt.outcome === "success";
  const reason = (receipt.reason ?? DEFAULT_FAILURE).slice(0, 500);
  const recorded = await recordOutcome(
    tx,
    { id: otp.id, merchantId: otp.merchant_id, otpId: otp.otp_id, status: otp.status, destination: otp.destination },
    delivery,
    success ? { status: "success", receiptDueAt: null } : { status: "failed", reason, refundNote: DEFAULT_FAILURE },
    now,
  );
  const { status } = recorded.otp;
  const verified = otp.status === "verified";
  // A confirmed send ends the chain; a failed latest send hands over to the next channel now.
  const latest = recorded.attempts.at(-1)?.id === delivery.id;
  const live = !verified && now < otp.expires_at && otp.attempts < otp.max_attempts;
  const handsOver = !success && latest && live && otp.fallback_index < otp.fallback_count;
  await tx.otpTransaction.update({
    where: { id: otp.id },
    data: {
      ...recorded.otp,
      ...(success ? { nextFallbackAt: null, fallbackCode: null } : {}),
      ...(handsOver ? { nextFallbackAt: now } : {}),
      ...(!success ? { failureReason: recorded.failureReason } : {}),
    },
  });
  const state = stateOfRow(otp, { status });
  if (success) await announceAttempt(tx, otp.merchant_id, state, recorded.attempt, now);
  // A later send of the chain still due: the OTP has not failed for good yet.
  else if (!handsOver && !verified && status === "failed" && otp.next_fallback_at === null) {
    await recordOtpEvent(tx, otp.merchant_id, "otp.failed", state, now, { reason: recorded.failureReason });
  }
  return { otp_id: otp.otp_id, status, refunded: recorded.refunded };
}

