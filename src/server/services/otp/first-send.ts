// Steps 2 and 3 of a creation, for channels that send something: the first send.
// 2. dispatch (real vendors only): marks the OTP as handed to the vendor with a normal,
//    durable commit; the WAL is flushed in order, so the reservation is durable too
//    before anything leaves the service. The sandbox sends nothing, so it needs none:
//    a crash before step 3 loses its reservation and its "message" together.
// 3. the delivery recorder records the outcome in one statement (and the sandbox's copy
//    of the message), or refunds a failed send with its ledger row (failures are free).
// A route that cannot be reached fails over to the channel's next route
// (send-through-routes.ts): one more statement per failover moves the charge to the next
// attempt (docs/routing.md), so the OTP is charged once, or refunded once when every route failed.
import type { DeliveryRequest, DeliveryResult } from "@/server/channels/channel";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import type { OtpTransactionData } from "@/schemas/v3/otp";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import { recordFirstFailed, recordFirstSent, type FirstFailed, type FirstSend } from "@/server/services/delivery/delivery-recorder";
import { sendThroughRoutes, type RouteProgress } from "@/server/services/delivery/send-through-routes";
import type { PlannedRoute } from "@/server/services/routing/select-routes";
import { hashCode } from "./code-hash";
import { readCreation } from "./creation-answer";
import { advanceFallback } from "./fallback";
import { MISSCALL_CODE_LENGTH, VENDOR_UNAVAILABLE_REASON } from "./otp-rules";
import type { CreationInput } from "@/schemas/v3/creation";
import { presentCharged, type OtpRecord } from "./present";
import { presentDelivery, type DeliveryFacts } from "./deliveries";
import type { FailureCode } from "@/server/channels/failure-codes";
import type { MessageChoice } from "@/server/services/templates/message-choice";

const dispatch = namedQuery("otp-dispatch", "UPDATE otp_transactions SET dispatched_at = now() WHERE id = $1::bigint");

const UNREACHABLE_HANDS_OVER: FailureCode = "handed_over";

/** How long the worker leaves a creation's own fallback to the creation (which does it at once). */
const FALLBACK_GRACE_MS = 5_000;

/** A reserved OTP on its way to the vendor. */
export type FirstSendJob = {
  /** The channel's routes in the order they are tried (select-routes.ts); the reservation recorded the first. */
  routes: PlannedRoute[];
  first: FirstSend;
  /** The OTP as reserved, and the saldo after its charge. */
  otp: OtpRecord;
  balance: bigint;
  input: CreationInput;
  code: string | null;
  brand: string;
  merchant: MerchantProfile;
  /** The messages' language and template fragments. */
  message: MessageChoice;
};

/** Marks the OTP handed over, durably, before anything leaves the service. */
async function dispatchOf(rowId: string): Promise<void> {
  await runAutocommit(dispatch, [rowId]);
}

export async function sendFirst(job: FirstSendJob): Promise<OtpTransactionData> {
  const progress: RouteProgress = { id: null, seq: 1, route: job.routes[0], failedOver: [] };
  const result = await deliver(job, progress);
  const answer = await finish(job, progress, result);
  if (answer.status !== "failed" || job.input.fallback.length === 0) return answer;
  // The first channel failed at once: the chain moves on before the merchant gets an answer.
  // The worker would take over only after FALLBACK_GRACE_MS (this process died meanwhile).
  await advanceFallback(BigInt(job.first.rowId), new Date(), new Date(Date.now() + FALLBACK_GRACE_MS), job.first.requestId);
  return readCreation(job.merchant.id, job.otp.otpId);
}

function deliveryRequest(job: FirstSendJob): DeliveryRequest {
  const { otp, input, code, brand, merchant, message } = job;
  return {
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
    locale: message.locale,
    fragments: message.fragments,
    smsDomain: merchant.smsDomain,
    requestId: job.first.requestId,
  };
}

async function deliver(job: FirstSendJob, progress: RouteProgress): Promise<DeliveryResult> {
  const { input, first } = job;
  const send = { routes: job.routes, request: deliveryRequest(job), otpRowId: first.rowId, price: first.price, beforeVendor: () => dispatchOf(first.rowId) };
  const result = await sendThroughRoutes(send, progress);
  if (result.outcome !== "unreachable") return result;
  // With a fallback chain the unreachable channel is one failed send (free) and the next channel takes over.
  if (input.fallback.length > 0) return { outcome: "failed", provider: result.provider, reason: UNREACHABLE_HANDS_OVER };
  // Refund, keep the row as failed (not counted towards limits) and free the external_id for a retry.
  await recordFirstFailed(first, {
    seq: progress.seq,
    provider: result.provider,
    providerMessageId: null,
    reason: VENDOR_UNAVAILABLE_REASON,
    refundNote: "Vendor tidak dapat dihubungi",
    sandboxMessage: null,
    releaseExternalId: input.externalId,
    nextFallbackAt: null,
    announce: false,
  });
  throw new AppError("CHANNEL_UNAVAILABLE");
}

/** A misscall without a calling number can never be verified: charge nothing for it, like any failed delivery. */
function withoutUnverifiableMisscall(input: CreationInput, result: DeliveryResult): DeliveryResult {
  if (input.channel !== "misscall" || result.outcome === "failed") return result;
  if ((result.caller ?? "").replace(/\D/g, "").length > MISSCALL_CODE_LENGTH) return result;
  return { outcome: "failed", provider: result.provider, providerMessageId: result.providerMessageId, reason: "no_caller" satisfies FailureCode, sandboxMessage: result.sandboxMessage };
}

async function finish({ first, otp, balance, input }: FirstSendJob, progress: RouteProgress, delivered: DeliveryResult): Promise<OtpTransactionData> {
  const result = withoutUnverifiableMisscall(input, delivered);
  const chained = input.fallback.length > 0;
  const now = new Date();
  const route = { route: progress.route.name, routeReason: progress.route.reason };
  const deliveries = (last: DeliveryFacts) => [...progress.failedOver, last].map(presentDelivery);
  if (result.outcome === "failed") {
    const failed: FirstFailed = {
      seq: progress.seq,
      provider: result.provider,
      providerMessageId: result.providerMessageId ?? null,
      reason: result.reason,
      refundNote: "Pengiriman gagal",
      sandboxMessage: result.sandboxMessage ?? null,
      releaseExternalId: null,
      // The chain has another channel: the creation itself (or, after the grace, the worker) moves on.
      nextFallbackAt: chained ? new Date(now.getTime() + FALLBACK_GRACE_MS) : null,
      // otp.failed is recorded where the chain ends; this send only hands over.
      announce: !chained,
    };
    const refunded = await recordFirstFailed(first, failed, now);
    const attempt = { channel: input.channel, status: "failed", price: first.price, charged: false, sentAt: null, failureReason: result.reason, ...route };
    return presentCharged({ ...otp, status: "failed", charged: false }, refunded, deliveries(attempt), first.requestId);
  }
  const misscall = input.channel === "misscall" && result.caller ? splitCaller(otp.otpId, result.caller) : null;
  await recordFirstSent({ ...first, route: { name: route.route, reason: route.routeReason } }, {
    seq: progress.seq,
    status: result.outcome,
    provider: result.provider,
    providerMessageId: result.providerMessageId ?? null,
    sentAt: now,
    misscall,
    sandboxMessage: result.sandboxMessage ?? null,
    receiptDueAt: result.selfReceiptAfterMs === undefined ? null : new Date(now.getTime() + result.selfReceiptAfterMs),
    // A confirmed send ends the chain; otherwise the next channel waits fallback_after seconds for the receipt.
    nextFallbackAt: result.outcome === "sent" && chained ? new Date(now.getTime() + input.fallbackAfterSeconds * 1000) : null,
  });
  const attempt = { channel: input.channel, status: result.outcome, price: first.price, charged: true, sentAt: now, ...route };
  return presentCharged({ ...otp, status: result.outcome, misscallPrefix: misscall?.misscallPrefix ?? null }, balance, deliveries(attempt), first.requestId);
}

/** Keeps only the prefix of the calling number and the keyed hash of its trailing digits. */
function splitCaller(otpId: string, caller: string): { misscallPrefix: string; codeHash: string } {
  const digits = caller.replace(/\D/g, "");
  return { misscallPrefix: digits.slice(0, -MISSCALL_CODE_LENGTH), codeHash: hashCode(otpId, digits.slice(-MISSCALL_CODE_LENGTH)) };
}
