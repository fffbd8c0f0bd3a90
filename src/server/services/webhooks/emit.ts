// The otp.verified event (decisions.md payload), written in the verification's own
// transaction by POST /v3/verify and by inbound WhatsApp matching.
import type { Channel } from "@/generated/prisma/enums";
import { formatWib } from "@/server/lib/wib-time";
import type { Tx } from "@/server/services/credits/ledger";
import { recordEvent } from "./events";

export type VerifiedOtp = {
  merchantId: number;
  otpId: string;
  channel: Channel;
  destination: string | null;
  verifiedAt: Date;
  externalId: string | null;
};

export function emitOtpVerified(tx: Tx, otp: VerifiedOtp): Promise<string> {
  return recordEvent(tx, otp.merchantId, "otp.verified", {
    otp_id: otp.otpId,
    channel: otp.channel,
    number: otp.destination ?? "",
    verified_at: formatWib(otp.verifiedAt),
    external_id: otp.externalId,
  });
}
