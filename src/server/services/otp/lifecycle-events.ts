// The events of an OTP (docs/otp-lifecycle.md, payloads in docs/webhooks.md), built by one
// payload builder: each carries the OTP as it stands at the time of the event, plus what
// the event is about (the delivery, the fallback's channels, the verification time).
// Lifecycle events are recorded only for endpoints that subscribe to the type; otp.verified
// always (the dashboard lists it), in the verification's own transaction.
import type { Prisma } from "@/generated/prisma/client";
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import { formatWib } from "@/lib/wib-time";
import type { OtpEventType } from "@/schemas/v3/events";
import type { OtpDeliveryData } from "@/schemas/v3/otp";
import type { Tx } from "@/server/db/client";
import { newEvent, recordEvent, type NewEvent } from "@/server/services/webhooks/events";

export type OtpState = {
  otpId: string;
  /** The channel of the latest delivery. */
  channel: Channel;
  number: string | null;
  status: OtpStatus;
  externalId: string | null;
  attempts: number;
  expiresAt: Date;
};

/** An OTP row as the worker-side services select it (snake_case columns). */
export type OtpStateRow = {
  otp_id: string;
  channel: Channel;
  destination: string | null;
  verified_from?: string | null;
  status: OtpStatus;
  external_id: string | null;
  attempts: number;
  expires_at: Date;
};

/** The state an event reports, from such a row; `overrides` for what the caller has just changed. */
export function stateOfRow(row: OtpStateRow, overrides: Partial<OtpState> = {}): OtpState {
  return {
    otpId: row.otp_id,
    channel: row.channel,
    number: row.destination ?? row.verified_from ?? null,
    status: row.status,
    externalId: row.external_id,
    attempts: row.attempts,
    expiresAt: row.expires_at,
    ...overrides,
  };
}

/** Who the OTP is, as every event's data starts. */
type OtpIdentity = Pick<OtpState, "otpId" | "channel" | "number" | "externalId">;

/** The one payload builder: the OTP's identity and status, then what this event adds. */
function eventData(otp: OtpIdentity, status: OtpStatus, rest: Prisma.InputJsonObject): Prisma.InputJsonObject {
  return { otp_id: otp.otpId, channel: otp.channel, number: otp.number ?? "", status, external_id: otp.externalId, ...rest };
}

/** A lifecycle event's data: the OTP's state, then `extra` (what the event is about). */
export function otpEventData(state: OtpState, extra: Prisma.InputJsonObject = {}): Prisma.InputJsonObject {
  return eventData(state, state.status, { attempts: state.attempts, expires_at: formatWib(state.expiresAt), ...extra });
}

/** A verified OTP, for otp.verified. */
export type VerifiedOtp = OtpIdentity & { verifiedAt: Date };

function verifiedData(otp: VerifiedOtp): Prisma.InputJsonObject {
  return eventData(otp, "verified", { verified_at: formatWib(otp.verifiedAt) });
}

/** Records otp.verified (livemode is read from the OTP's merchant row by recordEvent). */
export function recordOtpVerified(tx: Tx, merchantId: number, otp: VerifiedOtp): Promise<string | null> {
  return recordEvent(tx, merchantId, "otp.verified", verifiedData(otp));
}

/** otp.verified for a statement that writes it with the verification itself (outboxCtes). */
export function otpVerifiedEvent(otp: VerifiedOtp, livemode: boolean): NewEvent {
  return newEvent("otp.verified", verifiedData(otp), otp.verifiedAt, livemode);
}

/** For a statement that records the event itself (subscribedOutboxCtes). */
export function otpEvent(type: OtpEventType, state: OtpState, livemode: boolean, now: Date, extra: Prisma.InputJsonObject = {}): NewEvent {
  return newEvent(type, otpEventData(state, extra), now, livemode);
}

export function recordOtpEvent(tx: Tx, merchantId: number, type: OtpEventType, state: OtpState, now: Date, extra: Prisma.InputJsonObject = {}): Promise<string | null> {
  return recordEvent(tx, merchantId, type, otpEventData(state, extra), now, { onlySubscribed: true });
}

/** The send as webhooks carry it (docs/webhooks.md): the vendor route stays with the API and the dashboard. */
export function deliveryEventData(delivery: OtpDeliveryData): Prisma.InputJsonObject {
  const { route: _route, route_reason: _reason, ...sent } = delivery;
  return { delivery: sent };
}
