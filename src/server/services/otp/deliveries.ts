// The sends of an OTP (otp_deliveries): how they add up to the OTP's status and
// charge, and how they are shown. seq 1 is the channel the OTP was created on.
import type { OtpStatus } from "@/generated/prisma/enums";
import { formatWib } from "@/lib/wib-time";
import { ROUTE_REASON_VALUES, type OtpDeliveryData, type RouteReason } from "@/schemas/v3/otp";
import { failureCodeOf } from "@/server/channels/failure-codes";

export type DeliveryStatus = OtpDeliveryData["status"];

export type DeliveryFacts = {
  channel: OtpDeliveryData["channel"];
  status: string;
  price: number;
  charged: boolean;
  sentAt: Date | string | null;
  failureReason?: string | null;
  /** The vendor route and why it was chosen; null on rows from before routing (docs/routing.md). */
  route?: string | null;
  routeReason?: string | null;
};

export function presentDelivery(d: DeliveryFacts): OtpDeliveryData {
  return {
    channel: d.channel,
    status: d.status as DeliveryStatus,
    price: d.charged ? d.price : 0,
    sent_at: d.sentAt ? formatWib(new Date(d.sentAt)) : "",
    // The code, never the vendor's text (rows from before codes are classified).
    ...(d.failureReason && (d.status === "failed" || d.status === "skipped") ? { failure_reason: failureCodeOf(d.failureReason) } : {}),
    route: d.route ?? null,
    route_reason: isRouteReason(d.routeReason) ? d.routeReason : null,
  };
}

function isRouteReason(value: string | null | undefined): value is RouteReason {
  return !!value && (ROUTE_REASON_VALUES as readonly string[]).includes(value);
}

/**
 * The attempt whose ledger reference an attempt's charge is under: a failover attempt
 * carries the charge of the attempt it took over from (the delivery recorder moves it
 * without a ledger row), so the walk goes back over failovers to where the charge began.
 */
export function chargedSeq(attempts: { seq: number; routeReason: string | null }[], seq: number): number {
  let at = seq;
  while (at > 1 && attempts.find((a) => a.seq === at)?.routeReason === "failover") at -= 1;
  return at;
}

/** The OTP's status from its sends (verified is the verification's and is never recomputed). */
export function rollupStatus(deliveries: { status: string }[]): Exclude<OtpStatus, "verified"> {
  const has = (status: DeliveryStatus) => deliveries.some((d) => d.status === status);
  if (has("success")) return "success";
  if (has("sent")) return "sent";
  if (has("pending")) return "pending";
  return "failed";
}

/** What the OTP row says it cost: the sends still charged, or, when none is, the latest send's price (shown but not paid). */
export function chargeOf(deliveries: { price: number; charged: boolean }[]): { price: number; charged: boolean } {
  const charged = deliveries.filter((d) => d.charged);
  if (charged.length > 0) return { price: charged.reduce((sum, d) => sum + d.price, 0), charged: true };
  return { price: deliveries.at(-1)?.price ?? 0, charged: false };
}

/** Ledger references are unique per reason: the first send keeps the bare otp_id, later ones add their number. */
export function ledgerReference(otpId: string, seq: number): string {
  return seq === 1 ? otpId : `${otpId}:${seq}`;
}
