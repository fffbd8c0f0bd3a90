// Response shapes of the spec, built from a stored transaction and passed through
// their schemas (which also strip anything not in the contract). Never includes
// the code or its hash.
import { getEnv } from "@/env";
import type { OtpTransaction } from "@/generated/prisma/client";
import { formatWib } from "@/lib/wib-time";
import { localeOf } from "@/schemas/v3/locale";
import { otpDetailData, otpTransactionData, type OtpDeliveryData, type OtpDetailData, type OtpTransactionData } from "@/schemas/v3/otp";
import { log, stackOf } from "@/server/log";
import { MISSCALL_CODE_LENGTH } from "./otp-rules";

type Verification = OtpTransactionData["verification"];

/** The stored fields a response is built from (a Prisma row, or the hot path's OTP_RECORD_COLUMNS). */
export type OtpRecord = Pick<
  OtpTransaction,
  "otpId" | "status" | "channel" | "destination" | "verifiedFrom" | "price" | "charged" | "attempts" | "expiresAt" | "verifiedAt" | "misscallPrefix" | "inboundMessage"
> & {
  fallbackChannels?: OtpTransaction["fallbackChannels"];
  fallbackAfter?: OtpTransaction["fallbackAfter"];
  locale?: OtpTransaction["locale"];
  templateName?: OtpTransaction["templateName"];
};

/** The creation answer echoes the fallback chain when one was asked for. */
function fallbackEcho(otp: OtpRecord) {
  return otp.fallbackChannels && otp.fallbackChannels.length > 0 ? { fallback: otp.fallbackChannels, fallback_after: otp.fallbackAfter ?? undefined } : {};
}

/** An unbound whatsapp_inbound transaction learns its number from the sender who verified it (the point of that flow). */
const numberOf = (otp: OtpRecord): string | null => otp.destination ?? otp.verifiedFrom ?? null;

function creationVerification(otp: OtpRecord): Verification {
  if (otp.status === "verified") return undefined;
  if (otp.channel === "misscall" && otp.misscallPrefix) return { prefix: otp.misscallPrefix, otp_length: MISSCALL_CODE_LENGTH };
  if (otp.channel === "whatsapp_inbound" && otp.inboundMessage) {
    const waNumber = getEnv().WHATSAPP_NUMBER;
    return {
      wa_number: waNumber,
      message: otp.inboundMessage,
      wa_link: `https://wa.me/${waNumber}?text=${encodeURIComponent(otp.inboundMessage)}`,
      expires_at: formatWib(otp.expiresAt),
    };
  }
  return undefined;
}

/** `deliveries`: every send so far, as GET /v3/otp/{otp_id} shows them (a replay answers the same). */
export function presentCreation(otp: OtpRecord, lastBalance: bigint, deliveries: OtpDeliveryData[]): OtpTransactionData {
  const verification = creationVerification(otp);
  return otpTransactionData.parse({
    otp_id: otp.otpId,
    status: otp.status,
    channel: otp.channel,
    number: numberOf(otp),
    price: otp.price,
    last_balance: Number(lastBalance),
    expires_at: formatWib(otp.expiresAt),
    ...(verification ? { verification } : {}),
    ...fallbackEcho(otp),
    deliveries,
  });
}

/**
 * The answer to a creation whose charge is committed: nothing may fail between that
 * commit and the answer, or the merchant pays for an OTP it never learns of (a 500).
 * Should building the full answer fail, the stored fields that need no computing are
 * answered, which the schema accepts (verification and the fallback echo are optional;
 * GET /v3/otp/{otp_id} still tells the rest), and the failure is logged for operators.
 */
export function presentCharged(otp: OtpRecord, lastBalance: bigint, deliveries: OtpDeliveryData[], requestId?: string): OtpTransactionData {
  try {
    return presentCreation(otp, lastBalance, deliveries);
  } catch (err) {
    log.error({ request_id: requestId, otp_id: otp.otpId, error: stackOf(err) }, "creation answer could not be presented; answering its stored fields");
    return {
      otp_id: otp.otpId,
      status: otp.status as OtpTransactionData["status"],
      channel: otp.channel,
      number: numberOf(otp),
      price: otp.price,
      last_balance: Number(lastBalance),
      expires_at: formatWib(otp.expiresAt),
      deliveries,
    };
  }
}

export function presentDetail(otp: OtpRecord, deliveries: OtpDeliveryData[]): OtpDetailData {
  const showPrefix = otp.channel === "misscall" && otp.status !== "verified" && otp.misscallPrefix;
  return otpDetailData.parse({
    otp_id: otp.otpId,
    status: otp.status,
    channel: otp.channel,
    number: numberOf(otp),
    attempts: otp.attempts,
    expires_at: formatWib(otp.expiresAt),
    verified_at: otp.verifiedAt ? formatWib(otp.verifiedAt) : "",
    // The detail's price is "credits charged": nothing for a failed (refunded) delivery,
    // unlike the creation response, which shows the price even when delivery fails.
    price: otp.charged ? otp.price : 0,
    ...(showPrefix ? { verification: { prefix: otp.misscallPrefix! } } : {}),
    locale: localeOf(otp.locale),
    template: otp.templateName ?? null,
    deliveries,
  });
}
