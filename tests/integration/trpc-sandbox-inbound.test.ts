// Completing a whatsapp_inbound OTP from the sandbox inbox: only in sandbox mode,
// only the signed-in merchant's own pending OTP, on the same matching path as
// the WhatsApp webhook and `otpctl sandbox inbound-whatsapp`.
import { TRPCError } from "@trpc/server";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { overrideEnv } from "../harness/env-override";
import { SANDBOX_INBOUND_SENDER } from "@/server/services/otp/sandbox-inbound";
import { getOtpDetail, newMerchant, requestOtp } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";


async function signedIn() {
  const m = await newMerchant();
  return { ...m, caller: callerFor({ merchantPublicId: m.merchantId }) };
}

async function inboundOtp(key: string, body: Record<string, unknown> = {}) {
  const created = await requestOtp(key, { channel: "whatsapp_inbound", ...body });
  return created.body.data!.otp_id as string;
}

function rejectsWith(promise: Promise<unknown>, code: TRPCError["code"]) {
  return expect(promise).rejects.toSatisfy((err: unknown) => err instanceof TRPCError && err.code === code);
}

let restoreEnv: (() => void) | null = null;
afterEach(() => {
  restoreEnv?.();
  restoreEnv = null;
});

describe("sandbox inbound WhatsApp from the dashboard", () => {
  it("lists the merchant's pending whatsapp_inbound OTPs with the message the user would send", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const otpId = await inboundOtp(a.key, { destination: "6281234567001" });
    await inboundOtp(b.key);
    const pending = await a.caller.reports.pendingInbound();
    expect(pending.available).toBe(true);
    expect(pending.items).toHaveLength(1);
    expect(pending.items[0]).toMatchObject({ otp_id: otpId, destination: "6281234567001", message: expect.stringMatching(/^Verifikasi TokoKu: [A-Z2-9]{10}$/) });
  });

  it("verifies a bound OTP as if its user had sent the message from the bound number", async () => {
    const a = await signedIn();
    const otpId = await inboundOtp(a.key, { destination: "6281234567002" });
    expect(await a.caller.reports.completeInbound({ otpId })).toEqual({ matched: true, otp_id: otpId });
    expect((await getOtpDetail(a.key, otpId)).body.data).toMatchObject({ status: "verified", number: "6281234567002" });
    expect((await a.caller.reports.pendingInbound()).items).toEqual([]);
  });

  it("verifies an unbound OTP from the sandbox sender, which becomes its number", async () => {
    const a = await signedIn();
    const otpId = await inboundOtp(a.key);
    await a.caller.reports.completeInbound({ otpId });
    expect((await getOtpDetail(a.key, otpId)).body.data).toMatchObject({ status: "verified", number: SANDBOX_INBOUND_SENDER });
  });

  it("answers NOT_FOUND for another merchant's OTP and leaves it pending", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const otpId = await inboundOtp(b.key);
    await rejectsWith(a.caller.reports.completeInbound({ otpId }), "NOT_FOUND");
    expect((await getOtpDetail(b.key, otpId)).body.data).toMatchObject({ status: "pending" });
  });

  it("answers NOT_FOUND for an OTP of another channel", async () => {
    const a = await signedIn();
    const sms = (await requestOtp(a.key, { channel: "sms", destination: "6281234567003" })).body.data!.otp_id as string;
    await rejectsWith(a.caller.reports.completeInbound({ otpId: sms }), "NOT_FOUND");
  });

  it("refuses an OTP that was already verified, and one that has expired", async () => {
    const a = await signedIn();
    const done = await inboundOtp(a.key);
    await a.caller.reports.completeInbound({ otpId: done });
    await rejectsWith(a.caller.reports.completeInbound({ otpId: done }), "UNPROCESSABLE_CONTENT");

    const late = await inboundOtp(a.key);
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId: late }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await rejectsWith(a.caller.reports.completeInbound({ otpId: late }), "UNPROCESSABLE_CONTENT");
    expect((await a.caller.reports.pendingInbound()).items).toEqual([]);
  });

  it.each([
    ["sends through the Cloud API", { WHATSAPP_TOKEN: "token", WHATSAPP_PHONE_NUMBER_ID: "123456" }],
    ["receives through the inbound webhook", { WHATSAPP_APP_SECRET: "app-secret", WHATSAPP_NUMBER: "6281100000000" }],
  ])("is not offered, and refuses to complete, once WhatsApp %s", async (_how, vars) => {
    const a = await signedIn();
    const otpId = await inboundOtp(a.key);
    restoreEnv = overrideEnv(vars);
    expect(await a.caller.reports.pendingInbound()).toEqual({ available: false, items: [] });
    await rejectsWith(a.caller.reports.completeInbound({ otpId }), "NOT_FOUND");
    restoreEnv();
    restoreEnv = null;
    expect((await getOtpDetail(a.key, otpId)).body.data).toMatchObject({ status: "pending" });
  });
});
