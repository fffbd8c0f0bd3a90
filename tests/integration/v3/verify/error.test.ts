// POST /v3/verify: every documented error — 400 VALIDATION_ERROR, 404 OTP_NOT_FOUND, and
// 422 OTP_EXPIRED, ALREADY_USED and TOO_MANY_ATTEMPTS in the spec's order. The lockout
// after repeated mismatches and another merchant's otp_id are in security.test.ts.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { deliveredCode, newMerchant, PHONE, wrongCode } from "../../../harness/v3-fixtures";
import { scanEveryResponse, createdOtp, getOtpDetail, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

describe("POST /v3/verify: 400 VALIDATION_ERROR for a missing field or an OTP verified another way", () => {
  it("answers a missing otp_id or otp with 400 VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    for (const body of [{}, { otp_id: "OTPX" }, { otp: "1234" }, { otp_id: "", otp: "1234" }, []]) {
      const res = await verify(m.key, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers a whatsapp_inbound OTP with VALIDATION_ERROR: it is not verified through POST /v3/verify", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "whatsapp_inbound" });
    expect((await verify(m.key, { otp_id: otpId, otp: "1234" })).body.error?.code).toBe("VALIDATION_ERROR");
  });
});

describe("POST /v3/verify: 404 OTP_NOT_FOUND for an id that cannot exist", () => {
  it("answers a verify with NUL in otp_id or otp like any unknown id: 404 OTP_NOT_FOUND, never a 500", async () => {
    const m = await newMerchant();
    for (const body of [{ otp_id: "\u0000", otp: "123456" }, { otp_id: "OTP1", otp: "12\u00003456" }]) {
      const res = await verify(m.key, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error?.code).toBe("OTP_NOT_FOUND");
    }
  });
});

describe("POST /v3/verify: 422 OTP_EXPIRED, ALREADY_USED or TOO_MANY_ATTEMPTS, checked in that order", () => {
  it("answers 422 OTP_EXPIRED after the TTL, without changing the status", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("OTP_EXPIRED");
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("answers 422 OTP_EXPIRED for a transaction whose delivery failed", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "sms", destination: "6281234560000" });
    const res = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("OTP_EXPIRED");
  });

  it("answers 422 ALREADY_USED for any submission after verification", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: code });
    for (const otp of [code, wrongCode(code)]) {
      const res = await verify(m.key, { otp_id: otpId, otp });
      expect(res.status).toBe(422);
      expect(res.body.error?.code).toBe("ALREADY_USED");
    }
  });

  it("answers ALREADY_USED to a verify of a matched whatsapp_inbound, like any verified transaction", async () => {
    const m = await newMerchant();
    const { otpId, res } = await createdOtp(m.key, { channel: "whatsapp_inbound" });
    const message = (res.body.data!.verification as { message: string }).message;
    expect((await matchInboundWhatsapp({ from: PHONE, text: message })).matched).toBe(true);
    const answer = await verify(m.key, { otp_id: otpId, otp: "1234" });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("ALREADY_USED");
  });

  it("checks in order: already used before too many attempts before expired", async () => {
    const m = await newMerchant();
    const db = await getDb();
    const past = new Date(Date.now() - 1000);
    const used = await createdOtp(m.key, { channel: "sms", destination: "6281234567801" });
    await verify(m.key, { otp_id: used.otpId, otp: await deliveredCode(used.otpId) });
    const locked = await createdOtp(m.key, { channel: "sms", destination: "6281234567802" });
    await db.otpTransaction.updateMany({ where: { otpId: { in: [used.otpId, locked.otpId] } }, data: { expiresAt: past } });
    await db.otpTransaction.update({ where: { otpId: locked.otpId }, data: { attempts: 5 } });
    expect((await verify(m.key, { otp_id: used.otpId, otp: "123456" })).body.error?.code).toBe("ALREADY_USED");
    expect((await verify(m.key, { otp_id: locked.otpId, otp: await deliveredCode(locked.otpId) })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
    expect((await getOtpDetail(m.key, locked.otpId)).body.data).toMatchObject({ attempts: 5, status: "sent" });
  });
});
