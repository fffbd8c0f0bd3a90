// The merchant's safe list and block list as the creation path applies them (the
// endpoints themselves: tests/integration/v3/lists/).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { listBlocks } from "@/server/services/fraud/block-log";
import { addToList as add } from "../harness/fraud-lists-api";
import { newMerchant, requestOtp, saldoOf, sendOtp, type Merchant } from "../harness/v3-fixtures";

let serial = 0;
const fresh = (prefix: string) => `${prefix}${String(30_000_000 + ++serial).padStart(8, "0")}`;

async function guarded(): Promise<Merchant> {
  const m = await newMerchant({ rateLimit: 100_000 });
  await updateMerchant(m.id, { fraudGuard: "standard" });
  return m;
}

async function otpCount(merchantId: number) {
  return (await getDb()).otpTransaction.count({ where: { merchantId } });
}

describe("the block list", () => {
  it("refuses with 403 FRAUD_BLOCKED, reason blocklist, before anything is charged or counted, and logs it", async () => {
    const m = await guarded();
    await add(m.key, "block", { value: "6281277770000" });
    await add(m.key, "block", { value: "62899*" });
    for (const destination of ["6281277770000", "081277770000", fresh("62899")]) {
      const res = await requestOtp(m.key, { channel: "sms", destination });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "FRAUD_BLOCKED", details: { reason: "blocklist" } });
    }
    expect(await saldoOf(m.id)).toBe(100_000);
    expect(await otpCount(m.id)).toBe(0);
    expect((await listBlocks(m.id)).map((b) => [b.reason, b.prefix, b.blocked, b.active])).toEqual(
      expect.arrayContaining([
        ["blocklist", "62812", 2, false],
        ["blocklist", "62899", 1, false],
      ]),
    );
    // The block list applies with detection off too, and on every channel to a phone number.
    await updateMerchant(m.id, { fraudGuard: "off" });
    expect((await sendOtp(m.key, { channel: "whatsapp", destination: "6281277770000", otp: "1234" })).body.error?.details).toMatchObject({ reason: "blocklist" });
  });

  it("lets a safe-listed number through a block-listed prefix: the longer entry decides", async () => {
    const m = await guarded();
    await add(m.key, "block", { value: "62812*" });
    await add(m.key, "safe", { value: "6281200001111" });
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281200001111" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281200002222" })).body.error?.details).toMatchObject({ reason: "blocklist" });
  });
});

describe("lists per world", () => {
  it("applies the test world's block list to test OTPs only", async () => {
    const m = await guarded();
    await add(m.testKey, "block", { value: "62812*" });
    expect((await requestOtp(m.testKey, { channel: "sms", destination: fresh("62812") })).body.error?.details).toMatchObject({ reason: "blocklist" });
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62812") })).status).toBe(200);
  });
});

describe("the safe list", () => {
  it("beats an active prefix block", async () => {
    const m = await guarded();
    let refused = null;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await requestOtp(m.key, { channel: "sms", destination: fresh("62899") });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.body.error?.details).toMatchObject({ reason: "prefix_spike", prefix: "62899" });
    const staff = fresh("62899");
    await add(m.key, "safe", { value: staff });
    expect((await requestOtp(m.key, { channel: "sms", destination: staff })).status).toBe(200);
    // Everyone else under the prefix is still refused.
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62899") })).body.error?.code).toBe("FRAUD_BLOCKED");
  });

  it("beats a geo refusal, but not the destination's rate limit or the saldo", async () => {
    const m = await guarded();
    expect((await requestOtp(m.key, { channel: "sms", destination: "447700900123" })).body.error?.code).toBe("GEO_NOT_ALLOWED");
    await add(m.key, "safe", { value: "44770*" });
    expect((await requestOtp(m.key, { channel: "sms", destination: "447700900123" })).status).toBe(200);
    const limited = [];
    for (let i = 0; i < 8; i++) limited.push((await requestOtp(m.key, { channel: "sms", destination: "447700900123" })).body.error?.code ?? "ok");
    expect(limited).toContain("DESTINATION_RATE_LIMITED");

    const poor = await newMerchant({ rateLimit: 100_000, saldo: 100 });
    await add(poor.key, "safe", { value: "6281200003333" });
    expect((await requestOtp(poor.key, { channel: "sms", destination: "6281200003333" })).body.error?.code).toBe("INSUFFICIENT_BALANCE");
  });
});
