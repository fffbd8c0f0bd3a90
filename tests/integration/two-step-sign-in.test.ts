// Optional two-step sign-in: codes Sandi sends itself through its own OTP service
// (the platform merchant), switched on in Keamanan by proving a code arrives and
// off with the password, and asked for by next-auth after a right password.
import { describe, expect, it } from "vitest";
import { getAuthOptions, SIGN_IN_ERRORS } from "@/server/auth/options";
import { TWO_STEP_PREFIX } from "@/lib/sign-in-errors";
import { getDb } from "@/server/db/client";
import { PLATFORM_MERCHANT_EMAIL } from "@/server/services/accounts/platform-merchant";
import { createMerchant } from "@/server/services/merchants/merchants";
import { deliveredCode, saldoOf } from "../harness/v3-fixtures";
import { ownerUserId } from "../harness/members";
import { callerFor } from "../harness/trpc";

const PASSWORD = "benar-sekali";
type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const authorize: Authorize = (c, req) => (getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize(c, req);
const req = { headers: { "x-forwarded-for": "192.0.2.80" } };

async function owner(email = "owner@toko.id") {
  const created = await createMerchant({ name: "Toko", email, password: PASSWORD, saldo: 10000 });
  return { ...created, caller: callerFor({ merchantPublicId: created.merchant_id }) };
}

async function withTwoStep(email = "owner@toko.id", phone = "6281234567890") {
  const m = await owner(email);
  const sent = await m.caller.account.twoStepStart({ channel: "whatsapp", phone, password: PASSWORD });
  await m.caller.account.twoStepConfirm({ otpId: sent.otp_id, code: await deliveredCode(sent.otp_id) });
  return m;
}

/** The code the password step sent: parsed from the message next-auth carries to the form. */
async function passwordStep(email: string): Promise<string> {
  const error = await authorize({ email, password: PASSWORD }, req).then(
    () => "",
    (err: Error) => err.message,
  );
  expect(error.startsWith(TWO_STEP_PREFIX)).toBe(true);
  return error.slice(TWO_STEP_PREFIX.length).split(":")[0];
}

describe("switching two-step sign-in on and off in Keamanan", () => {
  it("is off for a new account, and asks the password before sending anything", async () => {
    const m = await owner();
    expect(await m.caller.account.twoStepStatus()).toEqual({ enabled: false, channel: null, hint: null });
    await expect(m.caller.account.twoStepStart({ channel: "whatsapp", phone: "6281234567890", password: "salah" })).rejects.toMatchObject({ message: "Kata sandi saat ini salah." });
  });

  it("sends the code through Sandi's own OTP service, from the platform account, without touching the merchant's saldo", async () => {
    const m = await owner();
    const sent = await m.caller.account.twoStepStart({ channel: "whatsapp", phone: "6281234567890", password: PASSWORD });
    expect(sent).toMatchObject({ channel: "whatsapp", hint: "WhatsApp ••••7890" });
    const db = await getDb();
    const otp = await db.otpTransaction.findUniqueOrThrow({ where: { otpId: sent.otp_id } });
    expect(otp).toMatchObject({ channel: "whatsapp", destination: "6281234567890", price: 0 });
    const sender = await db.merchant.findUniqueOrThrow({ where: { id: otp.merchantId }, select: { email: true, passwordHash: true } });
    expect(sender).toEqual({ email: PLATFORM_MERCHANT_EMAIL, passwordHash: null });
    expect(await saldoOf(m.id)).toBe(10000);
    const platform = await db.merchant.findUniqueOrThrow({ where: { email: PLATFORM_MERCHANT_EMAIL }, include: { apiKeys: true } });
    expect(platform.apiKeys.every((k) => k.revokedAt !== null)).toBe(true);
  });

  it("switches on only with the code that arrived, for where it was sent", async () => {
    const m = await owner();
    const sent = await m.caller.account.twoStepStart({ channel: "email", password: PASSWORD });
    expect(sent.hint).toBe("e-mail o•••@toko.id");
    await expect(m.caller.account.twoStepConfirm({ otpId: sent.otp_id, code: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await m.caller.account.twoStepStatus()).enabled).toBe(false);
    await m.caller.account.twoStepConfirm({ otpId: sent.otp_id, code: await deliveredCode(sent.otp_id) });
    expect(await m.caller.account.twoStepStatus()).toEqual({ enabled: true, channel: "email", hint: "e-mail o•••@toko.id" });
  });

  it("does not switch on with a code sent to another account", async () => {
    const a = await owner("a@toko.id");
    const b = await owner("b@toko.id");
    const sentToA = await a.caller.account.twoStepStart({ channel: "whatsapp", phone: "6281234567891", password: PASSWORD });
    await expect(b.caller.account.twoStepConfirm({ otpId: sentToA.otp_id, code: await deliveredCode(sentToA.otp_id) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await b.caller.account.twoStepStatus()).enabled).toBe(false);
  });

  it("switches off with the password", async () => {
    const m = await withTwoStep();
    await expect(m.caller.account.twoStepDisable({ password: "salah" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await m.caller.account.twoStepDisable({ password: PASSWORD });
    expect((await m.caller.account.twoStepStatus()).enabled).toBe(false);
    expect(await authorize({ email: "owner@toko.id", password: PASSWORD }, req)).toMatchObject({ id: await ownerUserId(m.merchant_id) });
  });
});

describe("signing in with two steps", () => {
  it("signs in with the password alone while two-step is off", async () => {
    const m = await owner();
    expect(await authorize({ email: "owner@toko.id", password: PASSWORD }, req)).toMatchObject({ id: await ownerUserId(m.merchant_id) });
  });

  it("after the right password sends a code instead of a session, and signs in with that code", async () => {
    const m = await withTwoStep();
    const otpId = await passwordStep("owner@toko.id");
    const db = await getDb();
    expect((await db.otpTransaction.findUniqueOrThrow({ where: { otpId } })).destination).toBe("6281234567890");
    expect(await authorize({ email: "owner@toko.id", password: PASSWORD, otpId, code: await deliveredCode(otpId) }, req)).toMatchObject({ id: await ownerUserId(m.merchant_id) });
  });

  it("refuses a wrong code, a used code, and a code without the right password", async () => {
    await withTwoStep();
    const otpId = await passwordStep("owner@toko.id");
    const code = await deliveredCode(otpId);
    const wrong = code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
    await expect(authorize({ email: "owner@toko.id", password: PASSWORD, otpId, code: wrong }, req)).rejects.toThrow(SIGN_IN_ERRORS.wrongCode);
    expect(await authorize({ email: "owner@toko.id", password: "salah", otpId, code }, req)).toBeNull();
    await authorize({ email: "owner@toko.id", password: PASSWORD, otpId, code }, req);
    await expect(authorize({ email: "owner@toko.id", password: PASSWORD, otpId, code }, req)).rejects.toThrow(SIGN_IN_ERRORS.wrongCode);
  });

  it("does not accept another account's sign-in code, nor the code that switched two-step on", async () => {
    await withTwoStep("a@toko.id", "6281234567892");
    await withTwoStep("b@toko.id", "6281234567893");
    const aCode = await passwordStep("a@toko.id");
    await expect(authorize({ email: "b@toko.id", password: PASSWORD, otpId: aCode, code: await deliveredCode(aCode) }, req)).rejects.toThrow(SIGN_IN_ERRORS.wrongCode);

    const c = await owner("c@toko.id");
    const setup = await c.caller.account.twoStepStart({ channel: "whatsapp", phone: "6281234567894", password: PASSWORD });
    const setupCode = await deliveredCode(setup.otp_id);
    await c.caller.account.twoStepConfirm({ otpId: setup.otp_id, code: setupCode });
    await expect(authorize({ email: "c@toko.id", password: PASSWORD, otpId: setup.otp_id, code: setupCode }, req)).rejects.toThrow(SIGN_IN_ERRORS.wrongCode);
  });
});

// A rolling deploy (docs/migrations.md, "New values of a stored enumeration"): a later release
// lets people receive codes over a channel this one does not know, and this release's
// instances still answer during the rollout.
describe("a two-step channel a later release set", () => {
  async function onNewChannel() {
    const m = await withTwoStep();
    const db = await getDb();
    await db.user.update({ where: { email: "owner@toko.id" }, data: { twoStepChannel: "sms" } });
    return m;
  }
  const platformOtps = async () => {
    const db = await getDb();
    const platform = await db.merchant.findUniqueOrThrow({ where: { email: PLATFORM_MERCHANT_EMAIL }, select: { id: true } });
    return db.otpTransaction.count({ where: { merchantId: platform.id } });
  };

  it("is shown in Keamanan as stored, and can still be switched off", async () => {
    const m = await onNewChannel();
    expect(await m.caller.account.twoStepStatus()).toEqual({ enabled: true, channel: "sms", hint: "sms ••••7890" });
    await m.caller.account.twoStepDisable({ password: PASSWORD });
    expect(await m.caller.account.twoStepStatus()).toEqual({ enabled: false, channel: null, hint: null });
  });

  it("neither signs in nor sends a code: the person is told to try again in a few minutes", async () => {
    await onNewChannel();
    const before = await platformOtps();
    await expect(authorize({ email: "owner@toko.id", password: PASSWORD }, req)).rejects.toThrow(SIGN_IN_ERRORS.unknownChannel);
    await expect(authorize({ email: "owner@toko.id", password: PASSWORD, otpId: "OTP20261129AAAA000001", code: "123456" }, req)).rejects.toThrow(SIGN_IN_ERRORS.unknownChannel);
    expect(await platformOtps()).toBe(before);
    // The password still comes first.
    expect(await authorize({ email: "owner@toko.id", password: "salah" }, req)).toBeNull();
  });
});
