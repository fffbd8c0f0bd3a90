// Creating an OTP (POST /v3/request and /v3/send) in at most three transactions:
//
// 1. reserve: the otp_id comes from this process's block of the day's counter values
//    (otp-id.ts), so one write carries the whole transaction (pipelined): BEGIN, the
//    destination's advisory lock, and one statement that claims the external_id,
//    checks the destination limits, inserts the OTP and then debits the price with
//    its ledger row, with its COMMIT: concurrent requests can never deliver a message
//    that cannot be paid for. The debit comes last, so the merchant's saldo row is
//    locked only for the debit, its ledger row and the COMMIT, and the COMMIT does not
//    wait for the WAL flush: microseconds, not a disk flush (one busy merchant would
//    otherwise queue every creation behind the previous one's flush).
// 2. dispatch (real vendors only): marks the OTP as handed to the vendor with a normal,
//    durable commit; the WAL is flushed in order, so the reservation is durable too
//    before anything leaves the service. The sandbox sends nothing, so it needs none:
//    a crash before step 3 loses its reservation and its "message" together.
// 3. finalize: one statement records the outcome (and the sandbox's copy of the
//    message), or refunds a failed delivery with its ledger row (failures are free).
import { VendorUnavailableError, type ChannelAdapter, type DeliveryResult, type SandboxMessageRecord } from "@/server/channels/channel";
import { getAdapterForMode } from "@/server/channels/registry";
import { pipelinedTransaction, runAutocommit, namedStatement, type BoundStatement } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { advisoryLockKey } from "@/server/lib/hashing";
import { randomDigits } from "@/server/lib/random";
import { observeOtpCreation } from "@/server/metrics/record";
import { isChannelEnabled } from "@/server/services/channels/channel-settings";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import { priceFor } from "@/server/services/merchants/prices";
import { screenCreation } from "@/server/services/fraud/guard";
import type { OtpTransactionData } from "@/schemas/v3/otp";
import type { OtpStatus } from "@/generated/prisma/enums";
import { outboxArrays, subscribedOutboxCtes } from "@/server/services/webhooks/events";
import { presentDelivery } from "./deliveries";
import { advanceFallback } from "./fallback";
import { sealCode } from "./fallback-code";
import { deliveryEventData, otpEvent, type OtpState } from "./lifecycle-events";
import { hashCode } from "./code-hash";
import { destinationKey } from "./destination";
import { destinationLimited } from "./destination-limits";
import { creationFingerprint, duplicateExternalId, findLiveClaim, type Claim } from "./idempotency";
import { inboundMessage, newInboundToken } from "./inbound-token";
import { OTP_FIELDS } from "./otp-fields";
import { nextOtpId } from "./otp-id";
import { DESTINATION_LIMITS, IDEMPOTENCY_WINDOW_HOURS, limitClassOf, maxAttemptsFor, MISSCALL_CODE_LENGTH, VENDOR_UNAVAILABLE_REASON } from "./otp-rules";
import type { ParsedCreation } from "./parse-creation";
import { presentCharged, type OtpFields } from "./present";
import { log, messageOf } from "@/server/log";

// The destination's lock is taken right after BEGIN, before the limits are counted, so
// the counting statement's snapshot sees every creation that held the lock before.
const lockDestination = namedStatement("otp-destination-lock", "SELECT pg_advisory_xact_lock($1::bigint)");

function destinationLock(lock: bigint | null): BoundStatement | undefined {
  return lock === null ? undefined : { sql: lockDestination, values: [lock.toString()] };
}

const reserve = namedStatement(
  "otp-reserve",
  `WITH claim AS (
     INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
     SELECT $1::int, $2::text, $3::text, $4::text, now() WHERE $2::text IS NOT NULL
     ON CONFLICT (merchant_id, external_id) DO UPDATE
       SET otp_id = EXCLUDED.otp_id, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
       WHERE idempotency_keys.created_at <= now() - make_interval(hours => $19::int)
     RETURNING 1
   ), gate AS (
     SELECT ($2::text IS NULL OR EXISTS (SELECT 1 FROM claim)) AS claimed,
            ($5::text IS NULL OR (
              SELECT count(*) FILTER (WHERE created_at > now() - interval '10 minutes') < $8::int AND count(*) < $9::int
              FROM otp_transactions
              WHERE merchant_id = $1::int AND destination_key = $21::text AND COALESCE(first_channel, channel) = ANY($7::"Channel"[])
                AND created_at > now() - interval '1 hour' AND failure_reason IS DISTINCT FROM $20::text)) AS within_limits
   ), otp AS (
     INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, code_hash, otp_length, max_attempts,
       expires_at, price, charged, brand, external_id, fingerprint, inbound_token, inbound_message, provider, fallback_channels, fallback_after, fallback_code)
     SELECT $3::text, $1::int, $10::"Channel", $5::text, $21::text, 'pending', $11::text, $12::int, $13::int, $14::timestamptz, $6::int, true,
       $15::text, $2::text, $4::text, $16::text, $17::text, $18::text, $22::"Channel"[], $23::int, $24::text
     FROM gate WHERE claimed AND within_limits
     RETURNING id
   ), delivery AS (
     INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider)
     SELECT id, 1, $10::"Channel", 'pending', $6::int, true, $18::text FROM otp WHERE $10::"Channel" <> 'whatsapp_inbound'
   ), debit AS (
     UPDATE merchants SET saldo = saldo - $6::int, updated_at = now()
     WHERE id = $1::int AND saldo >= $6::int AND EXISTS (SELECT 1 FROM otp)
     RETURNING saldo
   ), ledger AS (
     INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference)
     SELECT $1::int, -$6::bigint, saldo, 'otp_charge', $3::text FROM debit
   )
   SELECT CASE WHEN NOT gate.claimed THEN sandi_refuse('claimed')
               WHEN NOT gate.within_limits THEN sandi_refuse('limits')
               WHEN NOT EXISTS (SELECT 1 FROM debit) THEN sandi_refuse('balance')
               ELSE true END AS reserved,
          (SELECT saldo::text FROM debit) AS saldo, (SELECT id::text FROM otp) AS id
   FROM gate`,
);

const dispatch = namedStatement("otp-dispatch", "UPDATE otp_transactions SET dispatched_at = now() WHERE id = $1::bigint");

/**
 * The send went out: the OTP and its first delivery record it, with the sandbox's copy, when
 * the next fallback is due ($12) or the sandbox's own receipt ($11), and otp.sent for a subscribed endpoint.
 */
const recordSent = namedStatement(
  "otp-sent",
  `WITH sent AS (
     UPDATE otp_transactions SET status = $2::"OtpStatus", provider = $3::text, provider_message_id = $4::text,
       misscall_prefix = COALESCE($5::text, misscall_prefix), code_hash = COALESCE($6::text, code_hash),
       next_fallback_at = $12::timestamptz, fallback_code = CASE WHEN $12::timestamptz IS NULL THEN NULL ELSE fallback_code END, updated_at = now()
     WHERE id = $1::bigint
     RETURNING id, merchant_id, otp_id, channel, destination
   ), sent_delivery AS (
     UPDATE otp_deliveries d SET status = $2::text, provider = $3::text, provider_message_id = $4::text, sent_at = $13::timestamptz, receipt_due_at = $11::timestamptz
     FROM sent WHERE d.otp_transaction_id = sent.id AND d.seq = 1
   ), message AS (
     INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
     SELECT merchant_id, otp_id, channel, destination, $7::text, $8::text, $9::text, $10::boolean FROM sent WHERE $7::text IS NOT NULL
   ), ${subscribedOutboxCtes("sent", 14)}
   SELECT 1 FROM sent`,
);

/** A failed or abandoned delivery: refund with its ledger row, mark it failed, keep the sandbox's copy, free the external_id when asked. */
const recordFailed = namedStatement(
  "otp-failed",
  `WITH refund AS (
     UPDATE merchants SET saldo = saldo + $3::int, updated_at = now() WHERE id = $2::int RETURNING saldo
   ), ledger AS (
     INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference, note)
     SELECT $2::int, $3::bigint, saldo, 'otp_refund', $4::text, $5::text FROM refund
   ), failed AS (
     UPDATE otp_transactions SET status = 'failed', charged = false, provider = $6::text, provider_message_id = $7::text,
       failure_reason = $8::text, next_fallback_at = $13::timestamptz,
       fallback_code = CASE WHEN $13::timestamptz IS NULL THEN NULL ELSE fallback_code END, updated_at = now()
     WHERE id = $1::bigint
     RETURNING id, merchant_id, otp_id, channel, destination
   ), failed_delivery AS (
     UPDATE otp_deliveries d SET status = 'failed', charged = false, provider = $6::text, provider_message_id = $7::text, failure_reason = $8::text
     FROM failed WHERE d.otp_transaction_id = failed.id AND d.seq = 1
   ), message AS (
     INSERT INTO sandbox_messages (merchant_id, otp_id, channel, destination, text, code, caller, delivered)
     SELECT merchant_id, otp_id, channel, destination, $9::text, $10::text, $11::text, false FROM failed WHERE $9::text IS NOT NULL
   ), released AS (
     DELETE FROM idempotency_keys WHERE $12::text IS NOT NULL AND merchant_id = $2::int AND external_id = $12::text AND otp_id = $4::text
   ), ${subscribedOutboxCtes("failed", 14)}
   SELECT saldo::text FROM refund`,
);

const readClaimed = namedStatement(
  "otp-replay",
  `SELECT ${OTP_FIELDS}, m.saldo::text AS saldo FROM otp_transactions o JOIN merchants m ON m.id = o.merchant_id WHERE o.otp_id = $1 AND o.merchant_id = $2`,
);

const UNREACHABLE_HANDS_OVER = "Vendor tidak dapat dihubungi; beralih ke channel berikutnya.";

/** How long the worker leaves a creation's own fallback to the creation (which does it at once). */
const FALLBACK_GRACE_MS = 5_000;

type Reserved = { id: string; otp: OtpFields; balance: bigint; externalId: string | null };

class Refused {
  constructor(readonly reason: "claimed" | "limits" | "balance") {}
}

/** The reserve statement refuses by raising 'sandi:<reason>' (sandi_refuse), rolling everything back. */
function refusalOf(err: unknown): Refused | null {
  const e = err as { code?: string; message?: string };
  const reason = e.code === "P0001" ? /^sandi:(claimed|limits|balance)$/.exec(e.message ?? "")?.[1] : undefined;
  return reason ? new Refused(reason as Refused["reason"]) : null;
}

export async function createOtp(merchant: MerchantProfile, input: ParsedCreation, now = new Date(), retried = false): Promise<OtpTransactionData> {
  const requestedBrand = input.brand ?? (merchant.brandName || null);
  if (input.channel === "voice" && !requestedBrand) {
    throw new AppError("VALIDATION_ERROR", "brand wajib diisi untuk channel voice (atau atur brand_name akun).");
  }
  const brand = requestedBrand ?? merchant.name;
  const fingerprint = creationFingerprint(input.channel, input.destination, input.suppliedCode);

  if (!(await isChannelEnabled(input.channel))) {
    // A replay is answered before anything else is checked, a switched-off channel included.
    const live = input.externalId ? await findLiveClaim(merchant.id, input.externalId) : null;
    if (live) return answerExistingClaim(merchant.id, live, fingerprint);
    throw new AppError("CHANNEL_UNAVAILABLE");
  }

  // Geo permissions and the fraud guard; a replay of an external_id is answered, never blocked.
  const refusal = await screenCreation(merchant, input, now);
  if (refusal) {
    const live = input.externalId ? await findLiveClaim(merchant.id, input.externalId) : null;
    if (live) return answerExistingClaim(merchant.id, live, fingerprint);
    throw await refusal.refuse();
  }

  const adapter = getAdapterForMode(input.channel, merchant.livemode);
  const code = input.suppliedCode ?? (input.channel === "misscall" || input.channel === "whatsapp_inbound" ? null : randomDigits(input.otpLength));
  const inbound = input.channel === "whatsapp_inbound";
  const token = inbound ? newInboundToken() : null;
  const price = priceFor(merchant.prices, input.channel);
  const otpId = await nextOtpId(now);
  const destination = input.destination === null ? null : destinationKey(input.destination);
  const chained = input.fallback.length > 0;

  const lock = destination === null ? null : advisoryLockKey(`otp-destination:${merchant.id}:${destination}`);
  const limits = DESTINATION_LIMITS[limitClassOf(input.channel)];
  const otp: OtpFields = {
    otpId,
    status: "pending",
    channel: input.channel,
    destination: input.destination,
    verifiedFrom: null,
    price,
    charged: true,
    attempts: 0,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    verifiedAt: null,
    misscallPrefix: null,
    inboundMessage: token ? inboundMessage(brand, token) : null,
    fallbackChannels: input.fallback,
    fallbackAfter: chained ? input.fallbackAfterSeconds : null,
  };
  const values = [
    merchant.id,
    input.externalId,
    otpId,
    fingerprint,
    input.destination,
    price,
    limits.channels,
    limits.per10Minutes,
    limits.perHour,
    input.channel,
    code ? hashCode(otpId, code) : null,
    input.otpLength,
    maxAttemptsFor(input.channel),
    otp.expiresAt,
    brand,
    token,
    otp.inboundMessage,
    adapter.provider,
    IDEMPOTENCY_WINDOW_HOURS,
    VENDOR_UNAVAILABLE_REASON,
    destination,
    input.fallback,
    otp.fallbackAfter,
    chained && code ? sealCode(otpId, code) : null,
  ];
  let reserved: Reserved;
  try {
    // BEGIN with the lock, the reservation and its COMMIT leave in one write; whatsapp_inbound
    // answers straight after this transaction, so it must be durable by itself.
    const [row] = await pipelinedTransaction<{ saldo: string; id: string }>({ sql: reserve, values }, { asyncCommit: !inbound, lock: destinationLock(lock) }).catch((err: unknown) => {
      throw refusalOf(err) ?? err;
    });
    reserved = { id: row.id, otp, balance: BigInt(row.saldo), externalId: input.externalId };
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.reason === "limits") throw await destinationLimited(merchant.id, input.channel, destination!, now);
    if (err.reason === "balance") throw new AppError("INSUFFICIENT_BALANCE");
    // Another creation holds the external_id; read it now, in a fresh snapshot that sees its commit.
    const live = await findLiveClaim(merchant.id, input.externalId!);
    if (live) return answerExistingClaim(merchant.id, live, fingerprint);
    // The claim lapsed (24 hours) between the two statements: start over, once.
    if (!retried) return createOtp(merchant, input, now, true);
    throw new AppError("INTERNAL_ERROR");
  }

  // whatsapp_inbound waits for the user's message; nothing is sent.
  if (inbound) return observeOtpCreation(input.channel, adapter.provider, Promise.resolve(presentCharged(reserved.otp, reserved.balance)));
  return observeOtpCreation(input.channel, adapter.provider, sendAndFinalize({ adapter, reserved, input, code, brand, merchant }));
}

/** One reserved OTP on its way to the vendor. */
type Send = { adapter: ChannelAdapter; reserved: Reserved; input: ParsedCreation; code: string | null; brand: string; merchant: MerchantProfile };

async function sendAndFinalize(send: Send): Promise<OtpTransactionData> {
  if (!send.adapter.inProcess) await runAutocommit(dispatch, [send.reserved.id]);
  const result = await deliver(send);
  const answer = await finalize(send, result);
  if (answer.status !== "failed" || send.input.fallback.length === 0) return answer;
  // The first channel failed at once: the chain moves on before the merchant gets an answer.
  // The worker would take over only after FALLBACK_GRACE_MS (this process died meanwhile).
  await advanceFallback(BigInt(send.reserved.id), new Date(), new Date(Date.now() + FALLBACK_GRACE_MS));
  return readCreation(send.merchant.id, send.reserved.otp.otpId);
}

async function deliver({ adapter, reserved, input, code, brand, merchant }: Send): Promise<DeliveryResult> {
  const { otp } = reserved;
  try {
    return await adapter.deliver({
      otpId: otp.otpId,
      merchantId: merchant.id,
      channel: input.channel,
      destination: input.destination,
      code,
      brand,
      brandEmail: merchant.brandEmail,
      smsAppHash: merchant.smsAppHash,
      expiresAt: otp.expiresAt,
      ttlSeconds: input.ttlSeconds,
    });
  } catch (err) {
    if (!(err instanceof VendorUnavailableError)) {
      log.error({ provider: adapter.provider, otp_id: otp.otpId, error: messageOf(err) }, "delivery adapter error");
    }
    // With a fallback chain the unreachable channel is one failed send (free) and the next channel takes over.
    if (input.fallback.length > 0) return { outcome: "failed", provider: adapter.provider, reason: UNREACHABLE_HANDS_OVER };
    // Refund, keep the row as failed (not counted towards limits) and free the external_id for a retry.
    await refund(reserved, merchant, {
      provider: adapter.provider,
      providerMessageId: null,
      reason: VENDOR_UNAVAILABLE_REASON,
      note: "Vendor tidak dapat dihubungi",
      message: null,
      releaseExternalId: input.externalId,
      fallsBack: false,
      announce: false,
    });
    throw new AppError("CHANNEL_UNAVAILABLE");
  }
}

type RefundOptions = {
  provider: string;
  providerMessageId: string | null;
  reason: string;
  note: string;
  message: SandboxMessageRecord | null;
  releaseExternalId: string | null;
  /** The chain has another channel: the worker (or the creation itself) moves on now. */
  fallsBack: boolean;
  /** Record otp.failed for a subscribed endpoint (not for a creation answered 503, which the merchant retries). */
  announce: boolean;
};

async function refund(reserved: Reserved, merchant: MerchantProfile, o: RefundOptions): Promise<bigint> {
  const now = new Date();
  const events =
    o.announce && !o.fallsBack
      ? [otpEvent("otp.failed", stateOf(reserved, "failed"), merchant.livemode, now, { reason: o.reason.slice(0, 500) })]
      : [];
  const [row] = await runAutocommit<{ saldo: string }>(recordFailed, [
    reserved.id,
    merchant.id,
    reserved.otp.price,
    reserved.otp.otpId,
    o.note,
    o.provider,
    o.providerMessageId,
    o.reason.slice(0, 500),
    o.message?.text ?? null,
    o.message?.code ?? null,
    o.message?.caller ?? null,
    o.releaseExternalId,
    o.fallsBack ? new Date(now.getTime() + FALLBACK_GRACE_MS) : null,
    ...outboxArrays(events),
    now,
  ]);
  return BigInt(row.saldo);
}

/** The OTP as an event reports it, right after its first send. */
function stateOf(reserved: Reserved, status: OtpStatus): OtpState {
  const { otp } = reserved;
  return { otpId: otp.otpId, channel: otp.channel, number: otp.destination, status, externalId: reserved.externalId, attempts: 0, expiresAt: otp.expiresAt };
}

/** A misscall without a calling number can never be verified: charge nothing for it, like any failed delivery. */
function withoutUnverifiableMisscall(input: ParsedCreation, result: DeliveryResult): DeliveryResult {
  if (input.channel !== "misscall" || result.outcome === "failed") return result;
  if ((result.caller ?? "").replace(/\D/g, "").length > MISSCALL_CODE_LENGTH) return result;
  return { outcome: "failed", provider: result.provider, providerMessageId: result.providerMessageId, reason: "misscall: vendor reported no calling number", sandboxMessage: result.sandboxMessage };
}

async function finalize({ reserved, input, merchant }: Send, delivered: DeliveryResult): Promise<OtpTransactionData> {
  const result = withoutUnverifiableMisscall(input, delivered);
  const { otp } = reserved;
  if (result.outcome === "failed") {
    const balance = await refund(reserved, merchant, {
      provider: result.provider,
      providerMessageId: result.providerMessageId ?? null,
      reason: result.reason,
      note: "Pengiriman gagal",
      message: result.sandboxMessage ?? null,
      releaseExternalId: null,
      fallsBack: input.fallback.length > 0,
      announce: true,
    });
    return presentCharged({ ...otp, status: "failed", charged: false }, balance);
  }
  const misscall = input.channel === "misscall" && result.caller ? splitCaller(otp.otpId, result.caller) : null;
  const message = result.sandboxMessage ?? null;
  const sentAt = new Date();
  // A confirmed send ends the chain; otherwise the next channel waits fallback_after seconds for the receipt.
  const nextFallbackAt = result.outcome === "sent" && input.fallback.length > 0 ? new Date(sentAt.getTime() + input.fallbackAfterSeconds * 1000) : null;
  const receiptDueAt = result.selfReceiptAfterMs === undefined ? null : new Date(sentAt.getTime() + result.selfReceiptAfterMs);
  const delivery = presentDelivery({ channel: input.channel, status: result.outcome, price: otp.price, charged: true, sentAt });
  const events = [
    otpEvent(result.outcome === "success" ? "otp.delivered" : "otp.sent", stateOf(reserved, result.outcome), merchant.livemode, sentAt, deliveryEventData(delivery)),
  ];
  await runAutocommit(recordSent, [
    reserved.id,
    result.outcome,
    result.provider,
    result.providerMessageId ?? null,
    misscall?.misscallPrefix ?? null,
    misscall?.codeHash ?? null,
    message?.text ?? null,
    message?.code ?? null,
    message?.caller ?? null,
    message?.delivered ?? null,
    receiptDueAt,
    nextFallbackAt,
    sentAt,
    ...outboxArrays(events),
    sentAt,
  ]);
  return presentCharged({ ...otp, status: result.outcome, misscallPrefix: misscall?.misscallPrefix ?? null }, reserved.balance);
}

/** Keeps only the prefix of the calling number and the keyed hash of its trailing digits. */
function splitCaller(otpId: string, caller: string): { misscallPrefix: string; codeHash: string } {
  const digits = caller.replace(/\D/g, "");
  return { misscallPrefix: digits.slice(0, -MISSCALL_CODE_LENGTH), codeHash: hashCode(otpId, digits.slice(-MISSCALL_CODE_LENGTH)) };
}

/** A replay returns the original transaction as it now stands and the current saldo, read in one statement. */
async function answerExistingClaim(merchantId: number, claim: Claim, fingerprint: string): Promise<OtpTransactionData> {
  if (claim.fingerprint !== fingerprint) throw duplicateExternalId(claim.otpId);
  const answer = await readCreation(merchantId, claim.otpId).catch(() => null);
  if (!answer) throw duplicateExternalId(claim.otpId);
  return answer;
}

/** The creation answer for an OTP as it now stands, with the current saldo. */
async function readCreation(merchantId: number, otpId: string): Promise<OtpTransactionData> {
  const [row] = await runAutocommit<OtpFields & { saldo: string }>(readClaimed, [otpId, merchantId]);
  if (!row) throw new AppError("INTERNAL_ERROR");
  return presentCharged(row, BigInt(row.saldo));
}
