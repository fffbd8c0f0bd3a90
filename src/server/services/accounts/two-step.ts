// Optional two-step sign-in: after the password, a code Sandi sends itself over
// WhatsApp or e-mail. Codes are OTPs of the platform merchant (platform-merchant.ts),
// created by createOtp and checked by verifyOtp like any merchant's, so they get
// the product's TTL, attempt limit, per-destination limits and delivery. An OTP is
// bound to one account and one purpose by its external_id, so a code sent to sign
// in to one account cannot sign in to another, nor switch the setting on.
import { randomBase62 } from "@/server/lib/random";
import { getDb } from "@/server/db/client";
import { AppError, isAppError } from "@/server/errors";
import { createOtp } from "@/server/services/otp/create-otp";
import { verifyOtp } from "@/server/services/otp/verify-otp";
import { checkDestination } from "@/schemas/v3/destination";
import { plainCreation } from "@/schemas/v3/creation";
import { TWO_STEP_CHANNELS, type TwoStepChannel, type TwoStepConfirm, type TwoStepDisable, type TwoStepStart } from "@/schemas/dashboard/two-step";
import { isKnown, type StoredValue } from "@/schemas/stored-enum";
import { confirmPassword } from "./confirm-password";
import { platformMerchant } from "./platform-merchant";
import type { Actor } from "@/server/services/audit/record-audit";
import { recordPersonalChange } from "@/server/services/members/personal-audit";

type Purpose = "signin" | "setup";
/** The person (users row id and public id) changing their own setting, and who they are for the audit log. */
type Account = { id: number; userId: string; actor: Actor };
export type CodeSent = { otp_id: string; channel: TwoStepChannel; hint: string };

const bindingOf = (purpose: Purpose, userPublicId: string) => `2fa-${purpose}-${userPublicId}-`;

/**
 * What the screens show of a destination: enough to recognise it, not to learn it. A
 * channel a later release added (a rolling deploy) is named as stored, with the
 * destination's last four characters.
 */
export function destinationHint(channel: StoredValue<TwoStepChannel>, destination: string): string {
  if (channel === "whatsapp") return `WhatsApp ••••${destination.slice(-4)}`;
  if (channel !== "email") return `${channel} ••••${destination.slice(-4)}`;
  const [local, domain] = destination.split("@");
  return `e-mail ${local.slice(0, 1)}•••@${domain}`;
}

async function sendCode(purpose: Purpose, userPublicId: string, channel: TwoStepChannel, destination: string): Promise<CodeSent> {
  const platform = await platformMerchant();
  const externalId = `${bindingOf(purpose, userPublicId)}${randomBase62(16)}`;
  // A number typed at setup, or one stored then: checked like any destination before it is used.
  const checked = checkDestination(channel === "email" ? "email" : "phone", destination);
  if (!checked.ok) throw new AppError("INVALID_NUMBER", checked.message);
  const sent = await createOtp(platform, plainCreation(channel, checked.value, externalId));
  if (sent.status === "failed") throw new AppError("CHANNEL_UNAVAILABLE", "Kode tidak dapat dikirim ke tujuan itu. Periksa nomor atau alamatnya, lalu coba lagi.");
  return { otp_id: sent.otp_id, channel, hint: destinationHint(channel, destination) };
}

/**
 * True when `code` is right for a code sent to this account for this purpose (and,
 * when given, to this destination). A wrong, expired, used or locked code is false;
 * each wrong try counts against the OTP's attempt limit like /v3/verify.
 */
async function codeIsRight(purpose: Purpose, userPublicId: string, otpId: string, code: string, destination?: string): Promise<{ ok: boolean; channel?: string; destination?: string }> {
  const platform = await platformMerchant();
  const db = await getDb();
  const otp = await db.otpTransaction.findFirst({ where: { otpId, merchantId: platform.id }, select: { externalId: true, channel: true, destination: true } });
  if (!otp?.externalId?.startsWith(bindingOf(purpose, userPublicId)) || !otp.destination) return { ok: false };
  if (destination !== undefined && otp.destination !== destination) return { ok: false };
  try {
    const result = await verifyOtp(platform, { otpId, otp: code });
    return { ok: result.verified, channel: otp.channel, destination: otp.destination };
  } catch (err) {
    if (isAppError(err) && ["OTP_EXPIRED", "TOO_MANY_ATTEMPTS", "ALREADY_USED", "OTP_NOT_FOUND", "VALIDATION_ERROR"].includes(err.code)) return { ok: false };
    throw err;
  }
}

export async function twoStepStatus(userRowId: number) {
  const db = await getDb();
  const m = await db.user.findUniqueOrThrow({ where: { id: userRowId }, select: { twoStepChannel: true, twoStepDestination: true } });
  const channel: StoredValue<TwoStepChannel> | null = m.twoStepChannel;
  return { enabled: Boolean(channel && m.twoStepDestination), channel, hint: channel && m.twoStepDestination ? destinationHint(channel, m.twoStepDestination) : null };
}

/** Keamanan, step 1: the password confirms it is the owner; a code goes where future codes will go, proving it arrives. */
export async function startTwoStepSetup(account: Account, input: TwoStepStart): Promise<CodeSent> {
  const owner = await confirmPassword(account, input.password);
  const destination = input.channel === "email" ? owner.email : (input.phone ?? "");
  if (input.channel === "whatsapp" && !destination) throw new AppError("INVALID_NUMBER", "Isi nomor WhatsApp Anda.", { field: "phone" });
  return sendCode("setup", account.userId, input.channel, destination);
}

/** Keamanan, step 2: the right code switches two-step sign-in on, for the destination it was sent to. */
export async function confirmTwoStepSetup(account: Account, input: TwoStepConfirm): Promise<{ message: string }> {
  const checked = await codeIsRight("setup", account.userId, input.otpId, input.code);
  if (!checked.ok) throw new AppError("VALIDATION_ERROR", "Kode salah atau sudah tidak berlaku. Kirim kode baru lalu coba lagi.", { field: "code" });
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: account.id }, data: { twoStepChannel: checked.channel, twoStepDestination: checked.destination } });
    await recordPersonalChange(tx, account, "two_step.enable", { enabled: false }, { enabled: true, channel: checked.channel });
  });
  return { message: "Masuk dua langkah aktif. Mulai sekarang, setelah kata sandi Anda akan diminta kode." };
}

export async function disableTwoStep(account: Account, input: TwoStepDisable): Promise<{ message: string }> {
  await confirmPassword(account, input.password);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: account.id }, data: { twoStepChannel: null, twoStepDestination: null } });
    await recordPersonalChange(tx, account, "two_step.disable", { enabled: true }, { enabled: false });
  });
  return { message: "Masuk dua langkah dimatikan. Masuk kini hanya memerlukan kata sandi." };
}

export type SignInGate = { state: "open" } | { state: "code_sent"; sent: CodeSent } | { state: "wrong_code" } | { state: "unknown_channel" };

/**
 * After a right password: open when two-step is off or the code is right; otherwise
 * a code is sent (no code given) or the code was wrong. A channel this release does not
 * know (a later release set it, and this instance still serves during the rollout) sends
 * nothing and opens nothing: the person tries again once the new release answers.
 */
export async function signInGate(userPublicId: string, attempt: { otpId?: string; code?: string }): Promise<SignInGate> {
  const db = await getDb();
  const m = await db.user.findUnique({ where: { userId: userPublicId }, select: { twoStepChannel: true, twoStepDestination: true } });
  if (!m?.twoStepChannel || !m.twoStepDestination) return { state: "open" };
  if (!isKnown(TWO_STEP_CHANNELS, m.twoStepChannel)) return { state: "unknown_channel" };
  if (attempt.otpId && attempt.code) {
    const checked = await codeIsRight("signin", userPublicId, attempt.otpId, attempt.code, m.twoStepDestination);
    return checked.ok ? { state: "open" } : { state: "wrong_code" };
  }
  return { state: "code_sent", sent: await sendCode("signin", userPublicId, m.twoStepChannel, m.twoStepDestination) };
}
