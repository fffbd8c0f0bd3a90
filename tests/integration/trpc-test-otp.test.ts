// The overview's "Kirim OTP uji" and getting-started checklist: a real OTP through
// the /v3 services, charged like any other, verified from the dashboard.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { deliveredCode, newMerchant, saldoOf } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";


describe("Kirim OTP uji", () => {
  it("sends a real OTP to the merchant's own number, charged at the channel's price with a ledger entry", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const caller = callerFor({ merchantPublicId: m.merchantId });
    const sent = await caller.testOtp.send({ channel: "sms", destination: "6281234567890" });
    expect(sent).toMatchObject({ channel: "sms", status: "sent", price: 450, last_balance: 550 });
    expect(await saldoOf(m.id)).toBe(550);
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_charge", reference: sent.otp_id } })).toBe(1);
  });

  it("verifies the code typed back, and counts a wrong one as an attempt like /v3/verify", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    const sent = await caller.testOtp.send({ channel: "whatsapp", destination: "6281234567891" });
    const code = await deliveredCode(sent.otp_id);
    const wrong = code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
    expect(await caller.testOtp.verify({ otpId: sent.otp_id, otp: wrong })).toMatchObject({ verified: false, reason: "mismatch" });
    expect(await caller.testOtp.verify({ otpId: sent.otp_id, otp: code })).toMatchObject({ verified: true });
    const db = await getDb();
    expect((await db.otpTransaction.findUniqueOrThrow({ where: { otpId: sent.otp_id } })).attempts).toBe(1);
  });

  it("refuses what /v3 refuses, with its message: a short number, an empty saldo", async () => {
    const m = await newMerchant({ saldo: 0 });
    const caller = callerFor({ merchantPublicId: m.merchantId });
    await expect(caller.testOtp.send({ channel: "sms", destination: "0812" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.testOtp.send({ channel: "sms", destination: "6281234567892" })).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
  });

  it("cannot verify another merchant's OTP", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const sent = await callerFor({ merchantPublicId: a.merchantId }).testOtp.send({ channel: "sms", destination: "6281234567893" });
    await expect(callerFor({ merchantPublicId: b.merchantId }).testOtp.verify({ otpId: sent.otp_id, otp: await deliveredCode(sent.otp_id) })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("getting-started checklist", () => {
  it("ticks each step from what the account did: key, paid top-up, OTP, verification, webhook", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    expect(await caller.reports.gettingStarted()).toEqual({ keyCreated: true, firstTopup: false, firstOtp: false, firstVerification: false, webhookSet: false });
    const sent = await caller.testOtp.send({ channel: "sms", destination: "6281234567894" });
    expect(await caller.reports.gettingStarted()).toMatchObject({ firstOtp: true, firstVerification: false });
    await caller.testOtp.verify({ otpId: sent.otp_id, otp: await deliveredCode(sent.otp_id) });
    const db = await getDb();
    await db.apiKey.updateMany({ where: { merchantId: m.id }, data: { revokedAt: new Date() } });
    expect(await caller.reports.gettingStarted()).toMatchObject({ keyCreated: false, firstVerification: true });
  });
});
