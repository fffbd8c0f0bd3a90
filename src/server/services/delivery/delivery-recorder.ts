// The delivery recorder: hands an OTP's send to its vendor and records its outcome
// (sent, delivered, failed, refunded when it was charged) with the money that moves,
// for creation, fallback, receipts and the abandoned-send sweep. A creation's first
// send is recorded in single statements (one round trip each); every other send and
// outcome inside the transaction that holds the OTP's row lock (docs/architecture.md).
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import type { OtpDelivery } from "@/generated/prisma/client";
import { VendorUnavailableError, type ChannelAdapter, type DeliveryRequest, type DeliveryResult, type SandboxMessageRecord } from "@/server/channels/channel";
import type { Tx } from "@/server/db/client";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { log, messageOf } from "@/server/log";
import { failureCodeOf, recordedFailure, type FailureCode } from "@/server/channels/failure-codes";
import { applyLedgerChange, chargeCtes, refundCtes } from "@/server/services/credits/ledger";
import { chargedSeq, chargeOf, ledgerReference, presentDelivery, rollupStatus, type DeliveryFacts } from "@/server/services/otp/deliveries";
import { deliveryEventData, otpEvent, recordOtpEvent, type OtpState } from "@/server/services/otp/lifecycle-events";
import { outboxArrays, subscribedOutboxCtes } from "@/server/services/webhooks/events";

/** One send of an OTP: the adapter of the route chosen for it and what it is asked to deliver. */
export type DeliveryAttempt = { adapter: ChannelAdapter; request: DeliveryRequest };

/** The vendor route an attempt goes through (docs/routing.md), as its row records it. */
export type AttemptRoute = { name: string; reason: string };

/** The vendor could not be asked (VendorUnavailableError) or the adapter broke: nothing was sent. */
export type Unreachable = { outcome: "unreachable"; provider: string; vendorUnavailable: boolean; error: string };

/** Hands the attempt to its vendor; a throw becomes `unreachable` (an adapter bug is logged). */
export async function sendAttempt({ adapter, request }: DeliveryAttempt): Promise<DeliveryResult | Unreachable> {
  try {
    return await adapter.deliver(request);
  } catch (err) {
    const vendorUnavailable = err instanceof VendorUnavailableError;
    if (!vendorUnavailable) log.error({ request_id: request.requestId, provider: adapter.provider, otp_id: request.otpId, error: messageOf(err) }, "delivery adapter error");
    return { outcome: "unreachable", provider: adapter.provider, vendorUnavailable, error: messageOf(err) };
  }
}

/** The vendor's name for a send, as recorded with its outcome. */
export type VendorAnswer = { provider: string; providerMessageId: string | null };

function announcedType(status: string): "otp.sent" | "otp.delivered" {
  return status === "success" ? "otp.delivered" : "otp.sent";
}

// ─── The first send of a creation (one statement each) ───────────────────────────

/**
 * CTEs for the creation's reserve statement: the first attempt, pending and charged (no
 * attempt row for whatsapp_inbound, which sends nothing), and its charge. The OTP's row
 * comes from the CTE named `otp`; the other arguments are the statement's placeholders.
 */
export function firstAttemptCtes(p: { merchantId: string; otpId: string; channel: string; price: string; provider: string; route: string; routeReason: string }): string {
  return `delivery AS (
     INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, route, route_reason)
     SELECT id, 1, ${p.channel}::"Channel", 'pending', ${p.price}::int, true, ${p.provider}::text, ${p.route}::text, ${p.routeReason}::text
     FROM otp WHERE ${p.channel}::"Channel" <> 'whatsapp_inbound'
   ), ${chargeCtes("debit", { merchantId: p.merchantId, amount: p.price, reference: p.otpId, when: "EXISTS (SELECT 1 FROM otp)" })}`;
}

/** The first send as the creation reserved it. `state` is the OTP as an event reports it. */
/** `requestId`: the /v3 creation that sends it, for the line a failure logs (absent in the abandoned-send sweep). */
export type FirstSend = { rowId: string; merchantId: number; livemode: boolean; price: number; state: OtpState; route?: AttemptRoute; requestId?: string };

/**
 * The send went out: the OTP and its first attempt record it, with the sandbox's copy, when
 * the next fallback is due ($12) or the sandbox's own receipt ($11), and otp.sent for a subscribed endpoint.
 */
const firstSentStatement = namedQuery(
  "otp-sent",
  `WITH sent AS (
     UPDATE otp_transactions SET status = $2::"OtpStatus", provider = $3::text, provider_message_id = $4::text,
       misscall_prefix = COALESCE($5::text, misscall_prefix), code_hash = COALESCE($6::text, code_hash),
       next_fallback_at = $12::timestamptz, fallback_code = CASE WHEN $12::timestamptz IS NULL THEN NULL ELSE fallback_code END, updated_at = now()
     WHERE id = $1::bigint
     RETURNING id, merchant_id, otp_id, channel, destination
   ), sent_delivery AS (
     UPDATE otp_deliveries d SET status = $2::text, provider = $3::text, provider_message_id = $4::text, sent_at = $13::timestamptz, receipt_due_at = $11::timestamptz,
       delivered_at = CASE WHEN $2::text = 'success' THEN $13::timestamptz END
     FROM sent WHERE d.otp_transaction_id = sent.id AND d.seq = $18::int
   ), message AS (
     INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
     SELECT merchant_id, otp_id, channel, destination, $7::text, $8::text, $9::text, $10::boolean FROM sent WHERE $7::text IS NOT NULL
   ), ${subscribedOutboxCtes("sent", 14)}
   SELECT 1 FROM sent`,
);

export type FirstSent = VendorAnswer & {
  /** The attempt that sent: 1, or a later one after failovers. */
  seq: number;
  status: "sent" | "success";
  sentAt: Date;
  /** misscall: the calling number's prefix and the keyed hash of its trailing digits. */
  misscall: { misscallPrefix: string; codeHash: string } | null;
  sandboxMessage: SandboxMessageRecord | null;
  receiptDueAt: Date | null;
  nextFallbackAt: Date | null;
};

export async function recordFirstSent(first: FirstSend, sent: FirstSent): Promise<void> {
  const delivery = presentDelivery({ channel: first.state.channel, status: sent.status, price: first.price, charged: true, sentAt: sent.sentAt, route: first.route?.name, routeReason: first.route?.reason });
  const events = [otpEvent(announcedType(sent.status), { ...first.state, status: sent.status }, first.livemode, sent.sentAt, deliveryEventData(delivery))];
  const message = sent.sandboxMessage;
  await runAutocommit(firstSentStatement, [
    first.rowId,
    sent.status,
    sent.provider,
    sent.providerMessageId,
    sent.misscall?.misscallPrefix ?? null,
    sent.misscall?.codeHash ?? null,
    message?.text ?? null,
    message?.code ?? null,
    message?.caller ?? null,
    message?.delivered ?? null,
    sent.receiptDueAt,
    sent.nextFallbackAt,
    sent.sentAt,
    ...outboxArrays(events),
    sent.sentAt,
    sent.seq,
  ]);
}

/** A failed or abandoned first send: refund with its ledger row, mark it failed, keep the sandbox's copy, free the external_id when asked. */
const firstFailedStatement = namedQuery(
  "otp-failed",
  `WITH ${refundCtes("refund", { merchantId: "$2", amount: "$3", reference: "$4", note: "$5" })}, failed AS (
     UPDATE otp_transactions SET status = 'failed', charged = false, provider = $6::text, provider_message_id = $7::text,
       failure_reason = $8::text, next_fallback_at = $13::timestamptz,
       fallback_code = CASE WHEN $13::timestamptz IS NULL THEN NULL ELSE fallback_code END, updated_at = now()
     WHERE id = $1::bigint
     RETURNING id, merchant_id, otp_id, channel, destination
   ), failed_delivery AS (
     UPDATE otp_deliveries d SET status = 'failed', charged = false, provider = $6::text, provider_message_id = $7::text, failure_reason = $8::text
     FROM failed WHERE d.otp_transaction_id = failed.id AND d.seq = $18::int
   ), message AS (
     INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
     SELECT merchant_id, otp_id, channel, destination, $9::text, $10::text, $11::text, false FROM failed WHERE $9::text IS NOT NULL
   ), released AS (
     DELETE FROM idempotency_keys WHERE $12::text IS NOT NULL AND merchant_id = $2::int AND external_id = $12::text AND otp_id = $4::text
   ), ${subscribedOutboxCtes("failed", 14)}
   SELECT saldo::text FROM refund`,
);

export type FirstFailed = VendorAnswer & {
  /** The attempt that failed last: 1, or a later one after failovers (the charge moved with it). */
  seq: number;
  reason: string;
  /** The refund's ledger note. */
  refundNote: string;
  sandboxMessage: SandboxMessageRecord | null;
  /** Free this external_id for a retry (a creation answered 503). */
  releaseExternalId: string | null;
  /** When the next channel of the chain is due; null when none follows. */
  nextFallbackAt: Date | null;
  /** Record otp.failed for a subscribed endpoint (not when a fallback follows, nor for a creation answered 503). */
  announce: boolean;
};

/** Records the failure and refunds the charge; returns the saldo after the refund. */
export async function recordFirstFailed(first: FirstSend, failed: FirstFailed, now = new Date()): Promise<bigint> {
  const reason = recordedFailure(failed.reason, { otpId: first.state.otpId, provider: failed.provider, requestId: first.requestId });
  const events = failed.announce ? [otpEvent("otp.failed", { ...first.state, status: "failed" }, first.livemode, now, { reason })] : [];
  const [row] = await runAutocommit<{ saldo: string }>(firstFailedStatement, [
    first.rowId,
    first.merchantId,
    first.price,
    first.state.otpId,
    failed.refundNote,
    failed.provider,
    failed.providerMessageId,
    reason,
    failed.sandboxMessage?.text ?? null,
    failed.sandboxMessage?.code ?? null,
    failed.sandboxMessage?.caller ?? null,
    failed.releaseExternalId,
    failed.nextFallbackAt,
    ...outboxArrays(events),
    now,
    failed.seq,
  ]);
  return BigInt(row.saldo);
}

/**
 * A route could not be reached: its attempt becomes failed and uncharged, and the next
 * route's attempt takes its place, pending and carrying the same charge (no ledger row
 * moves: the OTP stays charged once, under the first attempt's ledger reference). Only
 * a pending charged attempt fails over; returns the new attempt's id and seq, or null when
 * the attempt was no longer pending (the abandoned-send sweep took it).
 */
const failoverStatement = namedQuery(
  "otp-failover",
  `WITH failed AS (
     UPDATE otp_deliveries SET status = 'failed', charged = false, provider = $3::text, failure_reason = $4::text
     WHERE otp_transaction_id = $1::bigint AND seq = $2::int AND status = 'pending' AND charged
     RETURNING otp_transaction_id, channel, price
   ), next AS (
     INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, route, route_reason)
     SELECT otp_transaction_id, $2::int + 1, channel, 'pending', price, true, $5::text, $6::text, 'failover' FROM failed
     RETURNING id, seq
   ), moved AS (
     UPDATE otp_transactions o SET provider = $5::text FROM next WHERE o.id = $1::bigint
   )
   SELECT id::text, seq FROM next`,
);

export type Failover = { otpRowId: bigint | string; seq: number; provider: string; reason: string; next: { provider: string; route: string } };

export async function recordFailover(failover: Failover, request: { otpId: string; requestId?: string }): Promise<{ id: bigint; seq: number } | null> {
  const reason = recordedFailure(failover.reason, { otpId: request.otpId, provider: failover.provider, requestId: request.requestId });
  const [row] = await runAutocommit<{ id: string; seq: number }>(failoverStatement, [
    String(failover.otpRowId),
    failover.seq,
    failover.provider,
    reason,
    failover.next.provider,
    failover.next.route,
  ]);
  return row ? { id: BigInt(row.id), seq: Number(row.seq) } : null;
}

// ─── Later sends and outcomes (inside the transaction holding the OTP's row lock) ──

/** The OTP whose send is recorded, as the locking transaction read it. */
export type LockedOtp = { id: bigint; merchantId: number; otpId: string; status: OtpStatus; destination: string | null };

const SKIPPED_UNAFFORDABLE: FailureCode = "insufficient_balance";

/**
 * Opens a later attempt (a fallback's send): charges its price and records it pending, or
 * records it skipped, with `skipped` or SKIPPED_UNAFFORDABLE as the reason, when the channel
 * was refused beforehand or the saldo cannot pay.
 */
export async function openAttempt(
  tx: Tx,
  otp: LockedOtp,
  attempt: { seq: number; channel: Channel; price: number; provider: string; route: AttemptRoute | null; skipped: string | null },
): Promise<OtpDelivery> {
  const skipped = attempt.skipped ?? (await chargeAttempt(tx, otp, attempt));
  return tx.otpDelivery.create({
    data: {
      otpTransactionId: otp.id,
      seq: attempt.seq,
      channel: attempt.channel,
      status: skipped ? "skipped" : "pending",
      price: attempt.price,
      charged: !skipped,
      provider: attempt.provider,
      failureReason: skipped && failureCodeOf(skipped),
      // A skipped attempt went through no route.
      route: skipped ? null : (attempt.route?.name ?? null),
      routeReason: skipped ? null : (attempt.route?.reason ?? null),
    },
  });
}

/** Null when charged, else why the attempt is skipped. */
async function chargeAttempt(tx: Tx, otp: LockedOtp, attempt: { seq: number; price: number }): Promise<string | null> {
  try {
    await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: -attempt.price, reason: "otp_charge", reference: ledgerReference(otp.otpId, attempt.seq), note: "Fallback" });
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_BALANCE") return SKIPPED_UNAFFORDABLE;
    throw err;
  }
}

/** An attempt's row, locked with its OTP. */
export type LockedAttempt = { id: bigint; seq: number; channel: Channel; price: number; charged: boolean };

/** What became of an attempt. Fields left undefined keep what the attempt's row says. */
export type DeliveryOutcome = { vendor?: VendorAnswer; sandboxMessage?: SandboxMessageRecord; /** The /v3 request that sent it, for the log line of a failure. */ requestId?: string } & (
  | { status: "sent" | "success"; sentAt?: Date; receiptDueAt?: Date | null }
  | { status: "failed"; reason: string; refundNote: string }
);

export type RecordedOutcome = {
  attempt: OtpDelivery;
  /** Every attempt of the OTP, in order, this one as recorded. */
  attempts: OtpDelivery[];
  /** The OTP's status and charge as its attempts now add up (verified stays verified). */
  otp: { status: OtpStatus; price: number; charged: boolean };
  refunded: boolean;
  /** A failed attempt's reason as stored: a code (failure-codes.ts), for the OTP's row and otp.failed. */
  failureReason: FailureCode | null;
};

/**
 * Records an attempt's outcome: a failed attempt that was charged is refunded (once: the
 * ledger's (reason, reference) is unique), the attempt's row updated, the sandbox's copy
 * kept. The caller writes the OTP's row with `otp` and what its chain does next.
 */
export async function recordOutcome(tx: Tx, otp: LockedOtp, attempt: LockedAttempt, outcome: DeliveryOutcome, now: Date): Promise<RecordedOutcome> {
  const failed = outcome.status === "failed";
  const refunded = failed && attempt.charged;
  const before = await tx.otpDelivery.findMany({ where: { otpTransactionId: otp.id }, orderBy: { seq: "asc" } });
  if (refunded) {
    // A failover attempt carries the charge of the attempt it took over from (recordFailover).
    const reference = ledgerReference(otp.otpId, chargedSeq(before, attempt.seq));
    await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: attempt.price, reason: "otp_refund", reference, note: outcome.refundNote });
  }
  const vendor = { provider: outcome.vendor?.provider, providerMessageId: outcome.vendor?.providerMessageId };
  const failureReason = failed ? recordedFailure(outcome.reason, { otpId: otp.otpId, provider: outcome.vendor?.provider, requestId: outcome.requestId }) : null;
  const recorded = await tx.otpDelivery.update({
    where: { id: attempt.id },
    data: failed
      ? { status: "failed", charged: false, ...vendor, failureReason, receiptDueAt: null }
      : { status: outcome.status, ...vendor, sentAt: outcome.sentAt, receiptDueAt: outcome.receiptDueAt, ...(outcome.status === "success" ? { deliveredAt: now } : {}) },
  });
  if (outcome.sandboxMessage) {
    const m = outcome.sandboxMessage;
    await tx.sandboxMessage.create({
      data: { merchantId: otp.merchantId, otpId: otp.otpId, channel: attempt.channel, destination: otp.destination, text: m.text, code: m.code, caller: m.caller, delivered: m.delivered, sentAt: now },
    });
  }
  const attempts = before.map((a) => (a.id === recorded.id ? recorded : a));
  const status = otp.status === "verified" ? otp.status : rollupStatus(attempts);
  return { attempt: recorded, attempts, otp: { status, ...chargeOf(attempts) }, refunded, failureReason };
}

/** otp.sent or otp.delivered for a subscribed endpoint, with the attempt as recorded. */
export function announceAttempt(tx: Tx, merchantId: number, state: OtpState, attempt: DeliveryFacts, now: Date): Promise<string | null> {
  return recordOtpEvent(tx, merchantId, announcedType(attempt.status), state, now, deliveryEventData(presentDelivery(attempt)));
}

/**
 * The sandbox's own delivered receipts for sends whose merchant does not listen to
 * otp.delivered, in one statement: they move to success with their OTP (the chain stops,
 * the sealed code is erased). Rows another transaction holds are skipped (SKIP LOCKED on
 * both rows: this never waits, never deadlocks) and come next time. Returns how many.
 */
/** SQL: the merchant of OTP row `o` has an enabled endpoint that wants otp.delivered (then its receipts go row by row). */
export const LISTENS_TO_DELIVERED = "EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.merchant_id = o.merchant_id AND e.enabled AND 'otp.delivered' = ANY(e.event_types))";

const quietSandboxDeliveries = namedQuery(
  "sandbox-receipts",
  `WITH due AS (
     SELECT d.id, d.otp_transaction_id FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id
     WHERE d.receipt_due_at <= $1::timestamptz AND d.status = 'sent'
       AND NOT ${LISTENS_TO_DELIVERED}
     ORDER BY d.receipt_due_at LIMIT $2::int
     FOR UPDATE OF d, o SKIP LOCKED
   ), delivered AS (
     UPDATE otp_deliveries d SET status = 'success', receipt_due_at = NULL, delivered_at = $1::timestamptz FROM due WHERE d.id = due.id RETURNING d.otp_transaction_id
   ), confirmed AS (
     UPDATE otp_transactions o SET status = CASE WHEN o.status = 'verified' THEN o.status ELSE 'success' END,
       next_fallback_at = NULL, fallback_code = NULL, updated_at = now()
     FROM (SELECT DISTINCT otp_transaction_id FROM delivered) x WHERE o.id = x.otp_transaction_id
   )
   SELECT count(*)::text AS n FROM delivered`,
);

export async function recordQuietSandboxDeliveries(now: Date, limit: number): Promise<number> {
  const [row] = await runAutocommit<{ n: string }>(quietSandboxDeliveries, [now, limit]);
  return Number(row?.n ?? 0);
}
