// Parallel verifies under load, beyond v3/verify/security.test.ts: many OTPs at once, a
// storm of wrong codes past the attempt limit, and the right code racing the last
// allowed mismatches. Exactly one verified:true per OTP and attempts counted exactly.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { deliveredCode, expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, verify, wrongCode } from "../harness/v3-fixtures";

async function fastMerchant() {
  const m = await newMerchant({ saldo: 1_000_000 });
  await updateMerchant(m.id, { rateLimit: 10_000 });
  return m;
}

async function newOtp(key: string, i: number): Promise<{ otpId: string; code: string }> {
  const res = await requestOtp(key, { channel: "sms", destination: `62814${String(30_000_001 + i * 17).padStart(8, "0")}` });
  const otpId = res.body.data!.otp_id as string;
  return { otpId, code: await deliveredCode(otpId) };
}

describe("parallel verifies", () => {
  it("answers a storm of 30 wrong codes with exactly 5 mismatches and 25 TOO_MANY_ATTEMPTS; attempts end at 5", async () => {
    const m = await fastMerchant();
    const { otpId, code } = await newOtp(m.key, 1);
    const results = await Promise.all(Array.from({ length: 30 }, () => verify(m.key, { otp_id: otpId, otp: wrongCode(code) })));
    expect(results.filter((r) => r.status === 200 && r.body.data?.verified === false)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422 && r.body.error?.code === "TOO_MANY_ATTEMPTS")).toHaveLength(25);
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ attempts: 5, status: "sent" });
  });

  it("verifies each of 20 OTPs exactly once when right and wrong codes for all of them arrive together", async () => {
    const m = await fastMerchant();
    const otps = [];
    for (let i = 0; i < 20; i++) otps.push(await newOtp(m.key, i));
    const calls = otps.flatMap(({ otpId, code }) => [
      ...Array.from({ length: 3 }, () => verify(m.key, { otp_id: otpId, otp: code }).then((r) => ({ otpId, r }))),
      ...Array.from({ length: 3 }, () => verify(m.key, { otp_id: otpId, otp: wrongCode(code) }).then((r) => ({ otpId, r }))),
    ]);
    const results = await Promise.all(calls);
    expect(results.every(({ r }) => r.status === 200 || (r.status === 422 && r.body.error?.code === "ALREADY_USED"))).toBe(true);
    for (const { otpId } of otps) {
      const mine = results.filter((x) => x.otpId === otpId);
      expect(mine.filter((x) => x.r.body.data?.verified === true)).toHaveLength(1);
      const mismatches = mine.filter((x) => x.r.body.data?.verified === false).length;
      expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ status: "verified", attempts: mismatches });
    }
    const db = await getDb();
    expect(await db.webhookEvent.count({ where: { merchantId: m.id, type: "otp.verified" } })).toBe(20);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("never lets the right code through after the fifth counted mismatch when it races the last wrong codes", async () => {
    const m = await fastMerchant();
    const { otpId, code } = await newOtp(m.key, 99);
    for (let i = 0; i < 4; i++) await verify(m.key, { otp_id: otpId, otp: wrongCode(code) });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => verify(m.key, { otp_id: otpId, otp: wrongCode(code) })),
      verify(m.key, { otp_id: otpId, otp: code }),
    ]);
    const right = results[results.length - 1];
    const mismatches = results.filter((r) => r.body.data?.verified === false).length;
    const detail = (await getOtpDetail(m.key, otpId)).body.data!;
    expect(detail.attempts).toBe(4 + mismatches);
    expect(detail.attempts).toBeLessThanOrEqual(5);
    if (right.body.data?.verified === true) {
      expect(mismatches).toBe(0);
      expect(detail.status).toBe("verified");
    } else {
      expect(right.body.error?.code).toBe("TOO_MANY_ATTEMPTS");
      expect(mismatches).toBe(1);
      expect(detail.status).toBe("sent");
    }
  });
});
