// POST /v3/verify (spec "Verify OTP"): the right code verifies once and emits otp.verified;
// a wrong one answers 200 verified false. A whatsapp_inbound OTP is verified by the end
// user's WhatsApp message instead (the inbound matching behind /api/hooks/whatsapp).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { deliveredCode, newMerchant, PHONE, wrongCode } from "../../../harness/v3-fixtures";
import { scanEveryResponse, createdOtp, getOtpDetail, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

describe("POST /v3/verify: the right code verifies once; a wrong one answers 200 verified false", () => {
  it("verifies the right code: 200 verified true, reason empty; status verified with verified_at", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: null, data: { otp_id: otpId, verified: true, reason: "" } });
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ status: "verified", attempts: 0 });
    expect(detail.body.data!.verified_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("answers a mismatch with 200 verified false, reason mismatch, and counts the attempt", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const res = await verify(m.key, { otp_id: otpId, otp: wrongCode(await deliveredCode(otpId)) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ otp_id: otpId, verified: false, reason: "mismatch" });
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ attempts: 1, status: "sent" });
  });

  it("verifies misscall with the trailing 4 digits of the calling number and then drops verification from GET", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "misscall", destination: PHONE });
    expect((await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.data?.verified).toBe(true);
    expect((await getOtpDetail(m.key, otpId)).body.data).not.toHaveProperty("verification");
  });

  it("writes one otp.verified event in the verification transaction, none for mismatches or errors", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "sms", destination: PHONE, external_id: "order-1" });
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: wrongCode(code) });
    const db = await getDb();
    expect(await db.webhookEvent.count({ where: { merchantId: m.id } })).toBe(0);
    await verify(m.key, { otp_id: otpId, otp: code });
    await verify(m.key, { otp_id: otpId, otp: code });
    const events = await db.webhookEvent.findMany({ where: { merchantId: m.id } });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ type: "otp.verified", data: { otp_id: otpId, channel: "sms", number: PHONE, external_id: "order-1" } });
  });
});

describe("whatsapp_inbound: verified by the end user's WhatsApp message from the bound number", () => {
  it("verifies a bound transaction only from the bound sender, with the exact message", async () => {
    const m = await newMerchant();
    const { otpId, res } = await createdOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const message = (res.body.data!.verification as { message: string }).message;
    expect(await matchInboundWhatsapp({ from: "6289999999999", text: message })).toEqual({ matched: false, otp_id: null });
    expect(await matchInboundWhatsapp({ from: PHONE, text: `${message} tolong` })).toEqual({ matched: false, otp_id: null });
    expect(await matchInboundWhatsapp({ from: `+${PHONE}`, text: message })).toEqual({ matched: true, otp_id: otpId });
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("verified");
    expect(await matchInboundWhatsapp({ from: PHONE, text: message })).toEqual({ matched: false, otp_id: null });
  });

  it("verifies an unbound transaction from the first sender of the matching message and emits otp.verified", async () => {
    const m = await newMerchant();
    const { otpId, res } = await createdOtp(m.key, { channel: "whatsapp_inbound" });
    const message = (res.body.data!.verification as { message: string }).message;
    expect(await matchInboundWhatsapp({ from: "6285550001111", text: message })).toEqual({ matched: true, otp_id: otpId });
    expect(await matchInboundWhatsapp({ from: "6285550002222", text: message })).toEqual({ matched: false, otp_id: null });
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ status: "verified", number: "6285550001111" });
    const db = await getDb();
    const [event] = await db.webhookEvent.findMany({ where: { merchantId: m.id } });
    expect(event.payload).toMatchObject({ data: { otp_id: otpId, channel: "whatsapp_inbound", number: "6285550001111" } });
  });

  it("does not match a message that arrives after expiry", async () => {
    const m = await newMerchant();
    const { otpId, res } = await createdOtp(m.key, { channel: "whatsapp_inbound" });
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const message = (res.body.data!.verification as { message: string }).message;
    expect((await matchInboundWhatsapp({ from: PHONE, text: message })).matched).toBe(false);
  });
});
