// POST /v3/verify: a code cannot be guessed (the OTP locks after 5 mismatches, 2 for a
// misscall), racing verifies cannot verify twice or lose a mismatch, and another
// merchant's otp_id is OTP_NOT_FOUND, for verify and for GET /v3/otp alike.
import { describe, expect, it } from "vitest";
import { deliveredCode, newMerchant, PHONE, wrongCode } from "../../../harness/v3-fixtures";
import { scanEveryResponse, createdOtp, getOtpDetail, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

describe("POST /v3/verify: 422 TOO_MANY_ATTEMPTS locks an OTP after 5 mismatches (2 for misscall), even for the right code", () => {
  it("locks permanently after 5 mismatches: the 5th still answers verified false, later calls TOO_MANY_ATTEMPTS even with the right code", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const code = await deliveredCode(otpId);
    for (let i = 0; i < 5; i++) expect((await verify(m.key, { otp_id: otpId, otp: wrongCode(code) })).body.data?.verified).toBe(false);
    const locked = await verify(m.key, { otp_id: otpId, otp: code });
    expect(locked.status).toBe(422);
    expect(locked.body.error?.code).toBe("TOO_MANY_ATTEMPTS");
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ attempts: 5, status: "sent" });
  });

  it("locks misscall after 2 mismatches", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "misscall", destination: PHONE });
    const code = await deliveredCode(otpId);
    await verify(m.key, { otp_id: otpId, otp: wrongCode(code) });
    expect((await verify(m.key, { otp_id: otpId, otp: wrongCode(code) })).body.data?.verified).toBe(false);
    expect((await verify(m.key, { otp_id: otpId, otp: code })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("locks voice after 5 mismatches like the standard channels", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "voice", destination: PHONE });
    const code = await deliveredCode(otpId);
    for (let i = 0; i < 5; i++) await verify(m.key, { otp_id: otpId, otp: wrongCode(code) });
    expect((await verify(m.key, { otp_id: otpId, otp: code })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
  });
});

describe("POST /v3/verify: parallel verifies of one OTP", () => {
  it("gives exactly one verified:true among parallel verifies of one OTP and counts mismatches exactly", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const code = await deliveredCode(otpId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => verify(m.key, { otp_id: otpId, otp: code })),
      ...Array.from({ length: 3 }, () => verify(m.key, { otp_id: otpId, otp: wrongCode(code) })),
    ]);
    expect(results.filter((r) => r.body.data?.verified === true)).toHaveLength(1);
    const mismatches = results.filter((r) => r.body.data?.verified === false).length;
    expect((await getOtpDetail(m.key, otpId)).body.data?.attempts).toBe(mismatches);
  });
});

describe("POST /v3/verify and GET /v3/otp: another merchant's otp_id is 404 OTP_NOT_FOUND, like an unknown one", () => {
  it("answers 404 OTP_NOT_FOUND for an unknown id and for another merchant's id", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const { otpId } = await createdOtp(a.key);
    expect((await verify(b.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.error?.code).toBe("OTP_NOT_FOUND");
    expect((await verify(a.key, { otp_id: "OTP20260101AAAA000001", otp: "1234" })).status).toBe(404);
    expect((await getOtpDetail(b.key, otpId)).status).toBe(404);
    for (const id of ["OTP20260101AAAA000001\u0000", "\u0000", "otp20260101aaaa000001", "x".repeat(5000)]) {
      expect((await verify(a.key, { otp_id: id, otp: "1234" })).body.error?.code).toBe("OTP_NOT_FOUND");
      expect((await getOtpDetail(a.key, id)).body.error?.code).toBe("OTP_NOT_FOUND");
    }
  });
});
