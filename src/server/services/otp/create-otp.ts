// Creating an OTP (POST /v3/request and /v3/send). The price is reserved in the
// same transaction that claims the external_id, checks the destination limits
// and inserts the row, so concurrent requests can never deliver a message that
// cannot be paid for; a delivery that fails is refunded in a second transaction
// (a failed delivery is free, and the ledger shows both moves).
import type { OtpTransaction } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { randomDigits } from "@/server/lib/random";
import { VendorUnavailableError, type DeliveryResult } from "@/server/channels/channel";
import { getChannelAdapter } from "@/server/channels/registry";
import { observeOtpCreation } from "@/server/metrics/record";
import { isChannelEnabled } from "@/server/services/channels/channel-settings";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import { priceFor } from "@/server/services/merchants/prices";
import type { OtpTransactionData } from "@/schemas/v3/otp";
import { hashCode } from "./code-hash";
import { enforceDestinationLimits, VENDOR_UNAVAILABLE_REASON } from "./destination-limits";
import { claimExternalId, creationFingerprint, duplicateExternalId, findLiveClaim, releaseClaim, type Claim } from "./idempotency";
import { inboundMessage, newInboundToken } from "./inbound-token";
import { nextOtpId } from "./otp-id";
import { maxAttemptsFor, MISSCALL_CODE_LENGTH } from "./otp-rules";
import { parseCreation, type CreationMode, type ParsedCreation } from "./parse-creation";
import { presentCreation } from "./present";

class LostClaim {
  constructor(readonly claim: Claim) {}
}

export async function createOtp(merchantId: number, body: unknown, mode: CreationMode): Promise<OtpTransactionData> {
  const input = parseCreation(body, mode);
  const db = await getDb();
  const merchant = await db.merchant.findUniqueOrThrow({
    where: { id: merchantId },
    select: { name: true, brandName: true, brandEmail: true, prices: true, smsAppHash: true },
  });
  const requestedBrand = input.brand ?? (merchant.brandName || null);
  if (input.channel === "voice" && !requestedBrand) {
    throw new AppError("VALIDATION_ERROR", "brand wajib diisi untuk channel voice (atau atur brand_name akun).");
  }
  const brand = requestedBrand ?? merchant.name;
  const fingerprint = creationFingerprint(input.channel, input.destination, input.suppliedCode);

  // A replay is answered before anything else is checked (decisions.md).
  if (input.externalId) {
    const live = await findLiveClaim(db, merchantId, input.externalId);
    if (live) return answerExistingClaim(merchantId, live, fingerprint);
  }
  if (!(await isChannelEnabled(input.channel))) throw new AppError("CHANNEL_UNAVAILABLE");

  const now = new Date();
  const otpId = await nextOtpId(now);
  const code = input.suppliedCode ?? (input.channel === "misscall" || input.channel === "whatsapp_inbound" ? null : randomDigits(input.otpLength));
  const token = input.channel === "whatsapp_inbound" ? newInboundToken() : null;
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  const price = priceFor(merchant.prices, input.channel);

  let reserved: { otp: OtpTransaction; balance: bigint };
  try {
    reserved = await db.$transaction(async (tx) => {
      if (input.externalId) {
        const other = await claimExternalId(tx, merchantId, input.externalId, otpId, fingerprint);
        if (other) throw new LostClaim(other);
      }
      await enforceDestinationLimits(tx, merchantId, input.channel, input.destination);
      const balance = await applyLedgerChange(tx, { merchantId, amount: -price, reason: "otp_charge", reference: otpId });
      const otp = await tx.otpTransaction.create({
        data: {
          otpId,
          merchantId,
          channel: input.channel,
          destination: input.destination,
          status: "pending",
          codeHash: code ? hashCode(otpId, code) : null,
          otpLength: input.otpLength,
          maxAttempts: maxAttemptsFor(input.channel),
          expiresAt,
          price,
          charged: true,
          brand,
          externalId: input.externalId,
          fingerprint,
          inboundToken: token,
          inboundMessage: token ? inboundMessage(brand, token) : null,
          provider: "sandbox",
        },
      });
      return { otp, balance };
    });
  } catch (err) {
    if (err instanceof LostClaim) return answerExistingClaim(merchantId, err.claim, fingerprint);
    throw err;
  }

  // whatsapp_inbound waits for the user's message; nothing is sent.
  const created = input.channel === "whatsapp_inbound" ? Promise.resolve(presentCreation(reserved.otp, reserved.balance)) : sendAndFinalize(reserved, input, code, brand, merchant);
  return observeOtpCreation(input.channel, getChannelAdapter(input.channel).provider, created);
}

async function sendAndFinalize(
  reserved: { otp: OtpTransaction; balance: bigint },
  input: ParsedCreation,
  code: string | null,
  brand: string,
  merchant: { brandEmail: string; smsAppHash: string | null },
): Promise<OtpTransactionData> {
  const result = await deliver(reserved.otp, input, code, brand, merchant);
  return finalize(reserved.otp, input, result, reserved.balance);
}

async function deliver(
  otp: OtpTransaction,
  input: ParsedCreation,
  code: string | null,
  brand: string,
  merchant: { brandEmail: string; smsAppHash: string | null },
): Promise<DeliveryResult> {
  const adapter = getChannelAdapter(input.channel);
  try {
    return await adapter.deliver({
      otpId: otp.otpId,
      merchantId: otp.merchantId,
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
      console.error(JSON.stringify({ msg: "delivery adapter error", provider: adapter.provider, otp_id: otp.otpId, error: String((err as Error)?.message ?? err) }));
    }
    await abandon(otp, input.externalId);
    throw new AppError("CHANNEL_UNAVAILABLE");
  }
}

/** The vendor could not be reached: refund, keep the row as failed (not counted towards limits) and free the external_id for a retry. */
async function abandon(otp: OtpTransaction, externalId: string | null): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: otp.price, reason: "otp_refund", reference: otp.otpId, note: "Vendor tidak dapat dihubungi" });
    await tx.otpTransaction.update({ where: { id: otp.id }, data: { status: "failed", charged: false, failureReason: VENDOR_UNAVAILABLE_REASON } });
    if (externalId) await releaseClaim(tx, otp.merchantId, externalId, otp.otpId);
  });
}

/** A misscall without a calling number can never be verified: charge nothing for it, like any failed delivery. */
function withoutUnverifiableMisscall(input: ParsedCreation, result: DeliveryResult): DeliveryResult {
  if (input.channel !== "misscall" || result.outcome === "failed") return result;
  if ((result.caller ?? "").replace(/\D/g, "").length > MISSCALL_CODE_LENGTH) return result;
  return { outcome: "failed", provider: result.provider, providerMessageId: result.providerMessageId, reason: "misscall: vendor reported no calling number" };
}

async function finalize(otp: OtpTransaction, input: ParsedCreation, delivered: DeliveryResult, balanceAfterCharge: bigint): Promise<OtpTransactionData> {
  const result = withoutUnverifiableMisscall(input, delivered);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    if (result.outcome === "failed") {
      const balance = await applyLedgerChange(tx, { merchantId: otp.merchantId, amount: otp.price, reason: "otp_refund", reference: otp.otpId, note: "Pengiriman gagal" });
      const failed = await tx.otpTransaction.update({
        where: { id: otp.id },
        data: { status: "failed", charged: false, provider: result.provider, providerMessageId: result.providerMessageId ?? null, failureReason: result.reason.slice(0, 500) },
      });
      return presentCreation(failed, balance);
    }
    const misscall = input.channel === "misscall" && result.caller ? splitCaller(otp.otpId, result.caller) : {};
    const updated = await tx.otpTransaction.update({
      where: { id: otp.id },
      data: { status: result.outcome, provider: result.provider, providerMessageId: result.providerMessageId ?? null, ...misscall },
    });
    return presentCreation(updated, balanceAfterCharge);
  });
}

/** Keeps only the prefix of the calling number and the keyed hash of its trailing digits. */
function splitCaller(otpId: string, caller: string): { misscallPrefix: string; codeHash: string } {
  const digits = caller.replace(/\D/g, "");
  return { misscallPrefix: digits.slice(0, -MISSCALL_CODE_LENGTH), codeHash: hashCode(otpId, digits.slice(-MISSCALL_CODE_LENGTH)) };
}

async function answerExistingClaim(merchantId: number, claim: Claim, fingerprint: string): Promise<OtpTransactionData> {
  if (claim.fingerprint !== fingerprint) throw duplicateExternalId(claim.otpId);
  const db = await getDb();
  const otp = await db.otpTransaction.findFirstOrThrow({ where: { otpId: claim.otpId, merchantId } });
  const { saldo } = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } });
  return presentCreation(otp, saldo);
}
