// Creating an OTP (POST /v3/request and /v3/send) in at most three transactions:
// 1. reserve (reserve-creation.ts): one pipelined write claims the external_id, checks
//    the destination limits, inserts the OTP and its first attempt and charges the price;
// 2. dispatch and 3. the first send's outcome (first-send.ts), recorded by the delivery
//    recorder: sent, or failed and refunded. whatsapp_inbound sends nothing and answers
//    after step 1.
import type { OtpTransactionData } from "@/schemas/v3/otp";
import { AppError } from "@/server/errors";
import { randomDigits } from "@/server/lib/random";
import { observeOtpCreation } from "@/server/metrics/record";
import { isChannelEnabled } from "@/server/services/channels/channel-settings";
import { ADMITTED, type Admission } from "@/server/services/fraud/admission";
import { screenCreation } from "@/server/services/fraud/guard";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import { priceFor } from "@/server/services/merchants/prices";
import { hashCode } from "./code-hash";
import { answerExistingClaim } from "./creation-answer";
import { destinationKey } from "./destination";
import { destinationLimited } from "./destination-limits";
import { sealCode } from "./fallback-code";
import { sendFirst } from "./first-send";
import { creationFingerprint, findLiveClaim } from "./idempotency";
import { inboundMessage, newInboundToken } from "./inbound-token";
import { nextOtpId } from "./otp-id";
import { maxAttemptsFor } from "./otp-rules";
import type { CreationInput } from "@/schemas/v3/creation";
import { presentCharged, type OtpRecord } from "./present";
import { Refused, reserveCreation } from "./reserve-creation";
import { chooseMessage } from "@/server/services/templates/message-choice";
import { planRoutes } from "@/server/services/routing/select-routes";

/** Who asks: `admission` is the /v3 rate limit, when the wrapper leaves it to the fraud guard's Redis call (fraud/admission.ts); `requestId` the /v3 request, for the lines logged about this creation. */
export type CreationCaller = { admission?: Admission; requestId?: string };

export async function createOtp(merchant: MerchantProfile, input: CreationInput, caller: CreationCaller = {}, now = new Date(), retried = false): Promise<OtpTransactionData> {
  const { admission = ADMITTED, requestId } = caller;
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
  const refusal = await screenCreation(merchant, input, now, admission);
  if (refusal) {
    const live = input.externalId ? await findLiveClaim(merchant.id, input.externalId) : null;
    if (live) return answerExistingClaim(merchant.id, live, fingerprint);
    throw await refusal.refuse();
  }
  const message = await chooseMessage(merchant.id, input, merchant.defaultLocale);

  // The channel's vendor routes, in the order they are tried (in-process copy: no round trip).
  const routes = await planRoutes(input.channel, merchant.livemode, input.destination);
  const route = routes[0];
  const code = input.suppliedCode ?? (input.channel === "misscall" || input.channel === "whatsapp_inbound" ? null : randomDigits(input.otpLength));
  const inbound = input.channel === "whatsapp_inbound";
  const token = inbound ? newInboundToken() : null;
  const price = priceFor(merchant.prices, input.channel);
  const otpId = await nextOtpId(now);
  const key = input.destination === null ? null : destinationKey(input.destination);
  const chained = input.fallback.length > 0;
  const otp: OtpRecord = {
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
    inboundMessage: token ? inboundMessage(brand, token, message.locale) : null,
    fallbackChannels: input.fallback,
    fallbackAfter: chained ? input.fallbackAfterSeconds : null,
  };
  let reserved: { rowId: string; balance: bigint };
  try {
    // whatsapp_inbound answers straight after this transaction, so it must be durable by itself.
    reserved = await reserveCreation(
      {
        merchantId: merchant.id,
        otpId,
        channel: input.channel,
        destination: input.destination,
        destinationKey: key,
        externalId: input.externalId,
        fingerprint,
        price,
        codeHash: code ? hashCode(otpId, code) : null,
        otpLength: input.otpLength,
        maxAttempts: maxAttemptsFor(input.channel),
        expiresAt: otp.expiresAt,
        brand,
        inboundToken: token,
        inboundMessage: otp.inboundMessage,
        provider: route.adapter.provider,
        route: route.name,
        routeReason: route.reason,
        fallback: input.fallback,
        fallbackAfter: otp.fallbackAfter ?? null,
        sealedCode: chained && code ? sealCode(otpId, code) : null,
        locale: message.locale,
        templateName: message.templateName,
      },
      { durable: inbound },
    );
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.reason === "limits") throw destinationLimited(input.channel, err.counted, now);
    if (err.reason === "balance") throw new AppError("INSUFFICIENT_BALANCE");
    // Another creation holds the external_id; read it now, in a fresh snapshot that sees its commit.
    const live = await findLiveClaim(merchant.id, input.externalId!);
    if (live) return answerExistingClaim(merchant.id, live, fingerprint);
    // The claim lapsed (24 hours) between the two statements: start over, once.
    if (!retried) return createOtp(merchant, input, { requestId }, now, true);
    throw new AppError("INTERNAL_ERROR");
  }

  // whatsapp_inbound waits for the user's message; nothing is sent.
  if (inbound) return observeOtpCreation(input.channel, route.adapter.provider, Promise.resolve(presentCharged(otp, reserved.balance, [], requestId)));
  const state = { otpId, channel: input.channel, number: input.destination, status: otp.status, externalId: input.externalId, attempts: 0, expiresAt: otp.expiresAt };
  const first = { rowId: reserved.rowId, merchantId: merchant.id, livemode: merchant.livemode, price, state, route: { name: route.name, reason: route.reason }, requestId };
  return observeOtpCreation(input.channel, route.adapter.provider, sendFirst({ routes, first, otp, balance: reserved.balance, input, code, brand, merchant, message }));
}
