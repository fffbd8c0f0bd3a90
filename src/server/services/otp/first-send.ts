// Steps 2 and 3 of a creation, for channels that send something: the first send.
// 2. dispatch (real vendors only): marks the OTP as handed to the vendor with a normal,
//    durable commit; the WAL is flushed in order, so the reservation is durable too
//    before anything leaves the service. The sandbox sends nothing, so it needs none:
//    a crash before step 3 loses its reservation and its "message" together.
// 3. the delivery recorder records the outcome in one statement (and the sandbox's copy
//    of the message), or refunds a failed send with its ledger row (failures are free).
import type { ChannelAdapter, DeliveryResult } from "@/server/channels/channel";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import type { OtpTransactionData } from "@/schemas/v3/otp";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import { recordFirstFailed, recordFirstSent, sendAttempt, type FirstFailed, type FirstSend } from "@/server/services/delivery/delivery-recorder";
import { hashCode } from "./code-hash";
import { readCreation } from "./creation-answer";
import { advanceFallback } from "./fallback";
import { MISSCALL_CODE_LENGTH, VENDOR_UNAVAILABLE_REASON } from "./otp-rules";
import type { CreationInput } from "@/schemas/v3/creation";
import { presentCharged, type OtpRecord } from "./present";

const dispatch = namedQuery("otp-dispatch", "UPDATE otp_transactions SET dispatched_at = now() WHERE id = $1::bigint");

const UNREACHABLE_HANDS_OVER = "Vendor tidak dapat dihubungi; beralih ke channel berikutnya.";

/** How long the worker leaves a creation's own fallback to the creation (which does it at once). */
const FALLBACK_GRACE_MS = 5_000;

/** A reserved OTP on its way to the vendor. */
export type FirstSendJob = {
  adapter: ChannelAdapter;
  first: FirstSend;
  /** The OTP as reserved, and the saldo after its charge. */
  otp: OtpRecord;
  balance: bigint;
  input: CreationInput;
  code: string | null;
  brand: string;
  merchant: MerchantProfile;
};

export async function sendFirst(job: FirstSendJob): Promise<OtpTransactionData> {
  if (!job.adapter.inProcess) await runAutocommit(dispatch, [job.first.rowId]);
  const result = await deliver(job);
  const answer = await finish(job, result);
  if (answer.status !== "failed" || job.input.fallback.length === 0) return answer;
  // The first channel failed at once: the chain moves on before the merchant gets an answer.
  // The worker would take over only after FALLBACK_GRACE_MS (this process died meanwhile).
  await advanceFallback(BigInt(job.first.rowId), new Date(), new Date(Date.now() + FALLBACK_GRACE_MS));
  return readCreation(job.merchant.id, job.otp.otpId);
}

async function deliver({ adapter, otp, input, code, brand, merchant, first }: FirstSendJob): Promise<DeliveryResult> {
  const result = await sendAttempt({
    adapter,
    request: {
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
    },
  });
  if (result.outcome !== "unreachable") return result;
  // With a fallback chain the unreachable channel is one failed send (free) and the next channel takes over.
  if (input.fallback.length > 0) return { outcome: "failed", provider: adapter.provider, reason: UNREACHABLE_HANDS_OVER };
  // Refund, keep the row as failed (not counted towards limits) and free the external_id for a retry.
  await recordFirstFailed(first, {
    provider: adapter.provider,
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
  return { outcome: "failed", provider: result.provider, providerMessageId: result.providerMessageId, reason: "misscall: vendor reported no calling number", sandboxMessage: result.sandboxMessage };
}

async function finish({ first, otp, balance, input }: FirstSendJob, delivered: DeliveryResult): Promise<OtpTransactionData> {
  const result = withoutUnverifiableMisscall(input, delivered);
  const chained = input.fallback.length > 0;
  const now = new Date();
  if (result.outcome === "failed") {
    const failed: FirstFailed = {
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
    return presentCharged({ ...otp, status: "failed", charged: false }, refunded);
  }
  const misscall = input.channel === "misscall" && result.caller ? splitCaller(otp.otpId, result.caller) : null;
  await recordFirstSent(first, {
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
  return presentCharged({ ...otp, status: result.outcome, misscallPrefix: misscall?.misscallPrefix ?? null }, balance);
}

/** Keeps only the prefix of the calling number and the keyed hash of its trailing digits. */
function splitCaller(otpId: string, caller: string): { misscallPrefix: string; codeHash: string } {
  const digits = caller.replace(/\D/g, "");
  return { misscallPrefix: digits.slice(0, -MISSCALL_CODE_LENGTH), codeHash: hashCode(otpId, digits.slice(-MISSCALL_CODE_LENGTH)) };
}
