// Moving an OTP along its fallback chain (docs/otp-lifecycle.md): when its latest send
// failed, or was not confirmed delivered within fallback_after seconds, the same code
// goes out on the next channel, in three steps like a creation: claim (charge and open
// the attempt under the OTP's row lock, durable before anything is sent), send, finish
// (the delivery recorder records the outcome; this file decides what the chain does next).
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import type { DeliveryResult } from "@/server/channels/channel";
import { getDb } from "@/server/db/client";
import type { FallbackChannel } from "@/schemas/v3/otp";
import { FALLBACK_AFTER_SECONDS } from "@/schemas/v3/otp-limits";
import { isChannelEnabled } from "@/server/services/channels/channel-settings";
import { announceAttempt, openAttempt, recordOutcome, type LockedOtp } from "@/server/services/delivery/delivery-recorder";
import { sendThroughRoutes, type RouteProgress } from "@/server/services/delivery/send-through-routes";
import { planRoutes, type PlannedRoute } from "@/server/services/routing/select-routes";
import { priceFor } from "@/server/services/merchants/prices";
import { loadMerchantProfile, type MerchantProfile } from "@/server/services/merchants/profile";
import { chargeOf, rollupStatus } from "./deliveries";
import { openCode } from "./fallback-code";
import { recordOtpEvent, stateOfRow } from "./lifecycle-events";
import { VENDOR_UNAVAILABLE_REASON } from "./otp-rules";
import type { FailureCode } from "@/server/channels/failure-codes";
import { storedMessage } from "@/server/services/templates/message-choice";

const BATCH = 20;
const PASSES = 10;

type ChainRow = {
  id: bigint;
  merchant_id: number;
  otp_id: string;
  channel: Channel;
  first_channel: Channel | null;
  destination: string | null;
  status: OtpStatus;
  external_id: string | null;
  attempts: number;
  max_attempts: number;
  expires_at: Date;
  brand: string | null;
  locale: string | null;
  template_name: string | null;
  fallback_channels: string[];
  fallback_after: number | null;
  fallback_index: number;
  fallback_code: string | null;
};

type Claimed = { otp: ChainRow; deliveryId: bigint; seq: number; channel: FallbackChannel; price: number; routes: PlannedRoute[]; profile: MerchantProfile; code: string };


/** The worker's job: every OTP whose next fallback is due. Returns how many moved on. */
export async function advanceDueFallbacks(now = new Date()): Promise<number> {
  const db = await getDb();
  let moved = 0;
  // A backlog drains in a few passes; what another worker holds is skipped (claimNext) and left to it.
  for (let pass = 0; pass < PASSES; pass++) {
    const due = await db.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM otp_transactions WHERE next_fallback_at <= ${now} ORDER BY next_fallback_at LIMIT ${BATCH}`;
    let movedNow = 0;
    for (const { id } of due) if (await advanceFallback(id, now)) movedNow += 1;
    moved += movedNow;
    if (due.length < BATCH || movedNow === 0) break;
  }
  return moved;
}

/**
 * Sends the OTP's next fallback if it is due (by `dueBy`, default now) and nobody else is
 * sending it; false when there was nothing to do. `requestId`: the /v3 creation whose first
 * send failed at once, for the lines logged about these sends (the worker's have none).
 */
export async function advanceFallback(id: bigint, now: Date, dueBy = now, requestId?: string): Promise<boolean> {
  const claimed = await claimNext(id, now, dueBy);
  if (!claimed) return false;
  const progress: RouteProgress = { id: claimed.deliveryId, seq: claimed.seq, route: claimed.routes[0], failedOver: [] };
  const result = await send(claimed, progress, now, requestId);
  // After a failover the attempt that sent (or failed last) is a later row of the same channel.
  const failedAtOnce = await finish({ ...claimed, deliveryId: progress.id ?? claimed.deliveryId, seq: progress.seq }, result, now, requestId);
  // A send that failed at once hands over to the next channel straight away.
  if (failedAtOnce) await advanceFallback(id, now, now, requestId);
  return true;
}

/**
 * Under the OTP's row lock (SKIP LOCKED, so several workers never pick the same OTP): clears
 * the due time and opens the next channel's attempt, charged, with otp.fallback. A channel
 * switched off, or one the saldo cannot pay, is recorded as skipped and the chain moves past it.
 */
async function claimNext(id: bigint, now: Date, dueBy: Date): Promise<Claimed | null> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [otp] = await tx.$queryRaw<ChainRow[]>`
      SELECT id, merchant_id, otp_id, channel, first_channel, destination, status, external_id, attempts, max_attempts, expires_at, brand, locale, template_name,
             fallback_channels::text[] AS fallback_channels, fallback_after, fallback_index, fallback_code
      FROM otp_transactions WHERE id = ${id} AND next_fallback_at <= ${dueBy} FOR UPDATE SKIP LOCKED`;
    if (!otp) return null;
    const deliveries = await tx.otpDelivery.findMany({ where: { otpTransactionId: id }, orderBy: { seq: "asc" } });
    const code = otp.fallback_code ? openCode(otp.otp_id, otp.fallback_code) : null;
    const over =
      otp.status === "verified" || now >= otp.expires_at || otp.attempts >= otp.max_attempts || deliveries.some((d) => d.status === "success") || code === null;
    const previous = deliveries.at(-1);
    const reason = previous?.status === "failed" ? "failed" : "not_confirmed";
    let index = otp.fallback_index;
    const profile = over ? null : await loadMerchantProfile(otp.merchant_id);
    while (profile && index < otp.fallback_channels.length) {
      const channel = otp.fallback_channels[index] as FallbackChannel;
      index += 1;
      const seq = deliveries.length + 1;
      const price = priceFor(profile.prices, channel);
      const routes = await planRoutes(channel, profile.livemode, otp.destination);
      const provider = routes[0].adapter.provider;
      const skipped = (await isChannelEnabled(channel)) ? null : ("channel_disabled" satisfies FailureCode);
      const route = { name: routes[0].name, reason: routes[0].reason };
      const delivery = await openAttempt(tx, lockedOtp(otp), { seq, channel, price, provider, route, skipped });
      deliveries.push(delivery);
      if (delivery.status === "skipped") continue;
      const status = otp.status === "verified" ? otp.status : rollupStatus(deliveries);
      await tx.otpTransaction.update({
        where: { id },
        data: { channel, firstChannel: otp.first_channel ?? otp.channel, fallbackIndex: index, nextFallbackAt: null, status, ...chargeOf(deliveries), provider, providerMessageId: null },
      });
      await recordOtpEvent(tx, otp.merchant_id, "otp.fallback", stateOfRow(otp, { channel, status }), now, { from: otp.channel, to: channel, reason });
      return { otp, deliveryId: delivery.id, seq, channel, price, routes, profile, code: code! };
    }
    // Nothing more to send: the chain ends here.
    // otp.failed is recorded once, where the chain ends: the sends that failed before only handed over.
    const status = rollupStatus(deliveries);
    await tx.otpTransaction.update({
      where: { id },
      data: { nextFallbackAt: null, fallbackCode: null, fallbackIndex: index, ...(otp.status === "verified" ? {} : { status }) },
    });
    if (otp.status !== "verified" && status === "failed") {
      await recordOtpEvent(tx, otp.merchant_id, "otp.failed", stateOfRow(otp, { status: "failed" }), now, { reason: "all_channels_failed" satisfies FailureCode });
    }
    return null;
  });
}

function lockedOtp(otp: ChainRow): LockedOtp {
  return { id: otp.id, merchantId: otp.merchant_id, otpId: otp.otp_id, status: otp.status, destination: otp.destination };
}

/** Sends through the channel's routes, failing over like a creation (send-through-routes.ts). */
async function send(c: Claimed, progress: RouteProgress, now: Date, requestId: string | undefined): Promise<DeliveryResult> {
  const message = await storedMessage(c.otp.merchant_id, { locale: c.otp.locale, templateName: c.otp.template_name });
  const request = {
    otpId: c.otp.otp_id,
    merchantId: c.otp.merchant_id,
    channel: c.channel,
    destination: c.otp.destination,
    code: c.code,
    brand: c.otp.brand ?? c.profile.name,
    brandEmail: c.profile.brandEmail,
    smsAppHash: c.profile.smsAppHash,
    expiresAt: c.otp.expires_at,
    ttlSeconds: Math.max(1, Math.ceil((c.otp.expires_at.getTime() - now.getTime()) / 1000)),
    locale: message.locale,
    fragments: message.fragments,
    smsDomain: c.profile.smsDomain,
    requestId,
  };
  const result = await sendThroughRoutes({ routes: c.routes, request, otpRowId: c.otp.id, price: c.price }, progress);
  if (result.outcome !== "unreachable") return result;
  return { outcome: "failed", provider: result.provider, reason: result.vendorUnavailable ? VENDOR_UNAVAILABLE_REASON : `Kesalahan adapter: ${result.error}` };
}

/**
 * Records the outcome with otp.sent or otp.delivered; sets the next due time, or erases the
 * sealed code when no fallback can follow (otp.failed when nothing was delivered at all).
 * True when the send failed and another channel is due at once.
 */
async function finish(c: Claimed, result: DeliveryResult, now: Date, requestId: string | undefined): Promise<boolean> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [otp] = await tx.$queryRaw<{ status: OtpStatus; attempts: number; fallback_index: number; fallback_after: number | null }[]>`
      SELECT status, attempts, fallback_index, fallback_after FROM otp_transactions WHERE id = ${c.otp.id} FOR UPDATE`;
    const failed = result.outcome === "failed";
    const vendor = { provider: result.provider, providerMessageId: result.providerMessageId ?? null };
    const recorded = await recordOutcome(
      tx,
      { ...lockedOtp(c.otp), status: otp.status },
      { id: c.deliveryId, seq: c.seq, channel: c.channel, price: c.price, charged: true },
      failed
        ? { status: "failed", vendor, reason: result.reason, refundNote: "Pengiriman gagal", sandboxMessage: result.sandboxMessage, requestId }
        : {
            status: result.outcome,
            vendor,
            sandboxMessage: result.sandboxMessage,
            sentAt: now,
            receiptDueAt: result.selfReceiptAfterMs === undefined ? null : new Date(now.getTime() + result.selfReceiptAfterMs),
          },
      now,
    );
    const deliveries = recorded.attempts;
    const verified = otp.status === "verified";
    const { status } = recorded.otp;
    const confirmed = deliveries.some((d) => d.status === "success");
    const live = !verified && !confirmed && now < c.otp.expires_at && otp.attempts < c.otp.max_attempts;
    const more = live && otp.fallback_index < c.otp.fallback_channels.length;
    const nextFallbackAt = !more ? null : failed ? now : result.outcome === "sent" ? new Date(now.getTime() + (otp.fallback_after ?? FALLBACK_AFTER_SECONDS.default) * 1000) : null;
    await tx.otpTransaction.update({
      where: { id: c.otp.id },
      data: {
        ...recorded.otp,
        provider: result.provider,
        providerMessageId: result.providerMessageId ?? null,
        ...(failed ? { failureReason: recorded.failureReason } : {}),
        nextFallbackAt,
        ...(nextFallbackAt ? {} : { fallbackCode: null }),
      },
    });
    const state = stateOfRow(c.otp, { channel: c.channel, status, attempts: otp.attempts });
    if (!failed) {
      await announceAttempt(tx, c.otp.merchant_id, state, recorded.attempt, now);
    } else if (!nextFallbackAt && status === "failed") {
      await recordOtpEvent(tx, c.otp.merchant_id, "otp.failed", state, now, { reason: recorded.failureReason });
    }
    return failed && nextFallbackAt !== null;
  });
}
