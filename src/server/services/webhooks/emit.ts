// The otp.verified event (payload in docs/webhooks.md), written in the verification's
// own transaction by POST /v3/verify and by inbound WhatsApp matching.
import type { Channel } from "@/generated/prisma/enums";
import { formatWib } from "@/lib/wib-time";
import type { Tx } from "@/server/db/client";
import { newEvent, recordEvent, type NewEvent } from "./events";

export type VerifiedOtp = {
  merchantId: number;
  /** False for a test-mode OTP. */
  livemode: boolean;
  otpId: string;
  channel: Channel;
  destination: string | null;
  verifiedAt: Date;
  externalId: string | null;
};

function verifiedData(otp: Omit<VerifiedOtp, "merchantId" | "livemode">) {
  return {
    otp_id: otp.otpId,
    channel: otp.channel,
    number: otp.destination ?? "",
    status: "verified",
    verified_at: formatWib(otp.verifiedAt),
    external_id: otp.externalId,
  };
}

/** livemode is read from the OTP's merchant row by recordEvent. */
export function emitOtpVerified(tx: Tx, otp: Omit<VerifiedOtp, "livemode">): Promise<string | null> {
  return recordEvent(tx, otp.merchantId, "otp.verified", verifiedData(otp));
}

/** The otp.verified event for a statement that writes it with the verification itself (outboxCtes). */
export function otpVerifiedEvent(otp: Omit<VerifiedOtp, "merchantId">): NewEvent {
  return newEvent("otp.verified", verifiedData(otp), otp.verifiedAt, otp.livemode);
}
