import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { deliveredCode, newMerchant, saldoOf } from "../harness/v3-fixtures";
import { scanEveryResponse, getOtpDetail, requestOtp, verify } from "../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

const PHONE = "6281234567890";

async function created(key: string, body: Record<string, unknown> = { channel: "sms", destination: PHONE }) {
  const res = await requestOtp(key, body);
  const otpId = res.body.data!.otp_id as string;
  return { otpId, res };
}

function wrong(code: string): string {
  return code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
}

describe("POST /v3/verify", () => {
  it("verifies the right code: 200 verified true, reason empty; status verified with verified_at", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: null, data: { otp_id: otpId, verified: true, reason: "" } });
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ status: "verified", attempts: 0 });
    expect(detail.body.data!.verified_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("answers a mismatch with 200 verified false, reason mismatch, and counts the attempt", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const res = await verify(m.key, { otp_id: otpId, otp: wrong(await deliveredCode(otpId)) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ otp_id: otpId, verified: false, reason: "mismatch" });
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ attempts: 1, status: "sent" });
  });

  it("locks permanently after 5 mismatches: the 5th still answers verified false, later calls TOO_MANY_ATTEMPTS even with the right code", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const code = await deliveredCode(otpId);
    for (let i = 0; i < 5; i++) expect((await verify(m.key, { otp_id: otpId, otp: wrong(code) })).body.data?.verified).toBe(false);
    const locked = await verify(m.key, { otp_id: otpId, otp: code });
    expect(locked.status).toBe(422);
    expect(locked.body.error?.code).toBe("TOO_MANY_ATTEMPTS");
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ attempts: 5, status: "sent" });
  });

  it("locks misscall after 2 mismatches", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "misscall", destination: PHONE });
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: wrong(code) });
    expect((await verify(m.key, { otp_id: otpId, otp: wrong(code) })).body.data?.verified).toBe(false);
    expect((await verify(m.key, { otp_id: otpId, otp: code })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("verifies misscall with the trailing 4 digits of the calling number and then drops verification from GET", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "misscall", destination: PHONE });
    expect((await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.data?.verified).toBe(true);
    expect((await getOtpDetail(m.key, otpId)).body.data).not.toHaveProperty("verification");
  });

  it("locks voice after 5 mismatches like the standard channels", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "voice", destination: PHONE });
    const code = await deliveredCode(otpId);
    for (let i = 0; i < 5; i++) await verify(m.key, { otp_id: otpId, otp: wrong(code) });
    expect((await verify(m.key, { otp_id: otpId, otp: code })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("answers 422 OTP_EXPIRED after the TTL, without changing the status", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("OTP_EXPIRED");
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("answers 422 ALREADY_USED for any submission after verification", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: code });
    for (const otp of [code, wrong(code)]) {
      const res = await verify(m.key, { otp_id: otpId, otp });
      expect(res.status).toBe(422);
      expect(res.body.error?.code).toBe("ALREADY_USED");
    }
  });

  it("checks in order: already used before too many attempts before expired", async () => {
    const m = await newMerchant();
    const db = await getDb();
    const past = new Date(Date.now() - 1000);
    const used = await created(m.key, { channel: "sms", destination: "6281234567801" });
    await verify(m.key, { otp_id: used.otpId, otp: await deliveredCode(used.otpId) });
    const locked = await created(m.key, { channel: "sms", destination: "6281234567802" });
    await db.otpTransaction.updateMany({ where: { otpId: { in: [used.otpId, locked.otpId] } }, data: { expiresAt: past } });
    await db.otpTransaction.update({ where: { otpId: locked.otpId }, data: { attempts: 5 } });
    expect((await verify(m.key, { otp_id: used.otpId, otp: "123456" })).body.error?.code).toBe("ALREADY_USED");
    expect((await verify(m.key, { otp_id: locked.otpId, otp: await deliveredCode(locked.otpId) })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
    expect((await getOtpDetail(m.key, locked.otpId)).body.data).toMatchObject({ attempts: 5, status: "sent" });
  });

  it("answers 404 OTP_NOT_FOUND for an unknown id and for another merchant's id", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const { otpId } = await created(a.key);
    expect((await verify(b.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.error?.code).toBe("OTP_NOT_FOUND");
    expect((await verify(a.key, { otp_id: "OTP20260101AAAA000001", otp: "1234" })).status).toBe(404);
    expect((await getOtpDetail(b.key, otpId)).status).toBe(404);
    for (const id of ["OTP20260101AAAA000001\u0000", "\u0000", "otp20260101aaaa000001", "x".repeat(5000)]) {
      expect((await verify(a.key, { otp_id: id, otp: "1234" })).body.error?.code).toBe("OTP_NOT_FOUND");
      expect((await getOtpDetail(a.key, id)).body.error?.code).toBe("OTP_NOT_FOUND");
    }
  });

  it("answers a missing otp_id or otp with 400 VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    for (const body of [{}, { otp_id: "OTPX" }, { otp: "1234" }, { otp_id: "", otp: "1234" }, []]) {
      const res = await verify(m.key, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
  });

  it("gives exactly one verified:true among parallel verifies of one OTP and counts mismatches exactly", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const code = await deliveredCode(otpId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => verify(m.key, { otp_id: otpId, otp: code })),
      ...Array.from({ length: 3 }, () => verify(m.key, { otp_id: otpId, otp: wrong(code) })),
    ]);
    expect(results.filter((r) => r.body.data?.verified === true)).toHaveLength(1);
    const mismatches = results.filter((r) => r.body.data?.verified === false).length;
    expect((await getOtpDetail(m.key, otpId)).body.data?.attempts).toBe(mismatches);
  });

  it("writes one otp.verified event in the verification transaction, none for mismatches or errors", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "sms", destination: PHONE, external_id: "order-1" });
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: wrong(code) });
    const db = await getDb();
    expect(await db.webhookEvent.count({ where: { merchantId: m.id } })).toBe(0);
    await verify(m.key, { otp_id: otpId, otp: code });
    await verify(m.key, { otp_id: otpId, otp: code });
    const events = await db.webhookEvent.findMany({ where: { merchantId: m.id } });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ type: "otp.verified", data: { otp_id: otpId, channel: "sms", number: PHONE, external_id: "order-1" } });
  });

  it("refuses to verify a transaction whose delivery failed", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "sms", destination: "6281234560000" });
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("OTP_EXPIRED");
  });
});

describe("GET /v3/otp/{otp_id}", () => {
  it("is side-effect free: no attempts, no charge, same answer when polled", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key);
    const saldo = await saldoOf(m.id);
    const first = await getOtpDetail(m.key, otpId);
    const second = await getOtpDetail(m.key, otpId);
    expect(second.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ otp_id: otpId, status: "sent", channel: "sms", number: PHONE, attempts: 0, verified_at: "", price: 450 });
    expect(await saldoOf(m.id)).toBe(saldo);
  });
});

describe("whatsapp_inbound matching", () => {
  it("verifies a bound transaction only from the bound sender, with the exact message", async () => {
    const m = await newMerchant();
    const { otpId, res } = await created(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const message = (res.body.data!.verification as { message: string }).message;
    expect(await matchInboundWhatsapp({ from: "6289999999999", text: message })).toEqual({ matched: false, otp_id: null });
    expect(await matchInboundWhatsapp({ from: PHONE, text: `${message} tolong` })).toEqual({ matched: false, otp_id: null });
    expect(await matchInboundWhatsapp({ from: `+${PHONE}`, text: message })).toEqual({ matched: true, otp_id: otpId });
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("verified");
    expect(await matchInboundWhatsapp({ from: PHONE, text: message })).toEqual({ matched: false, otp_id: null });
  });

  it("verifies an unbound transaction from the first sender of the matching message and emits otp.verified", async () => {
    const m = await newMerchant();
    const { otpId, res } = await created(m.key, { channel: "whatsapp_inbound" });
    const message = (res.body.data!.verification as { message: string }).message;
    expect(await matchInboundWhatsapp({ from: "6285550001111", text: message })).toEqual({ matched: true, otp_id: otpId });
    expect(await matchInboundWhatsapp({ from: "6285550002222", text: message })).toEqual({ matched: false, otp_id: null });
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ status: "verified", number: "6285550001111" });
    const db = await getDb();
    const [event] = await db.webhookEvent.findMany({ where: { merchantId: m.id } });
    expect(event.payload).toMatchObject({ data: { otp_id: otpId, channel: "whatsapp_inbound", number: "6285550001111" } });
  });

  it("does not match after expiry", async () => {
    const m = await newMerchant();
    const { otpId, res } = await created(m.key, { channel: "whatsapp_inbound" });
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const message = (res.body.data!.verification as { message: string }).message;
    expect((await matchInboundWhatsapp({ from: PHONE, text: message })).matched).toBe(false);
  });

  it("is not verified through POST /v3/verify", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "whatsapp_inbound" });
    expect((await verify(m.key, { otp_id: otpId, otp: "1234" })).body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("answers ALREADY_USED to a verify of a matched whatsapp_inbound, like any verified transaction", async () => {
    const m = await newMerchant();
    const { otpId, res } = await created(m.key, { channel: "whatsapp_inbound" });
    const message = (res.body.data!.verification as { message: string }).message;
    expect((await matchInboundWhatsapp({ from: PHONE, text: message })).matched).toBe(true);
    const answer = await verify(m.key, { otp_id: otpId, otp: "1234" });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("ALREADY_USED");
  });

  it("leaves verification out of GET /v3/otp for whatsapp_inbound (it is misscall-only)", async () => {
    const m = await newMerchant();
    const { otpId } = await created(m.key, { channel: "whatsapp_inbound" });
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ otp_id: otpId, status: "pending", channel: "whatsapp_inbound" });
    expect(detail.body.data).not.toHaveProperty("verification");
  });
});
