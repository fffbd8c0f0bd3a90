// The fraud guard, rule by rule, through the real /v3 handlers and database (detection
// state in this process's store; the Redis store has its own file).
import { operatorOn } from "@/server/services/audit/record-audit";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { listBlocks, activePrefixBlocks } from "@/server/services/fraud/block-log";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { seedHistory } from "../../bench/fraud/history";
import { databaseUrl } from "../harness/per-file-database";
import { deliveredCode, expectLedgerBalanced, newMerchant, requestOtp, saldoOf, sendOtp, verify, type Merchant } from "../harness/v3-fixtures";

const USUAL = { "62812": 40, "62813": 20, "62857": 20, "62878": 10, "62896": 10 };
let serial = 0;
/** A number nobody used before under the prefix. */
const fresh = (prefix: string) => `${prefix}${String(10_000_000 + ++serial).padStart(8, "0")}`;

/** Far above these tests' pace, so the per-key rate limit never answers first; detection at the usual default (the harness starts merchants with it off). */
async function merchant() {
  const m = await newMerchant({ rateLimit: 100_000 });
  await updateMerchant(m.id, { fraudGuard: "standard" });
  return m;
}

async function withHistory(m: Merchant, count = 600) {
  await seedHistory(databaseUrl, { merchantId: m.id, count, prefixes: USUAL, verifiedRate: 0.8, days: 7 });
}

/** Creations to fresh numbers under one prefix until the first refusal; returns how many went through. */
async function pumpUntilBlocked(m: Merchant, prefix: string, limit = 60, extra: Record<string, unknown> = {}) {
  for (let i = 0; i < limit; i++) {
    const res = await requestOtp(m.key, { channel: "sms", destination: fresh(prefix), ...extra });
    if (res.status !== 200) return { passed: i, refusal: res };
  }
  return { passed: limit, refusal: null };
}

async function otpCount(merchantId: number) {
  return (await getDb()).otpTransaction.count({ where: { merchantId, fingerprint: { not: "history" } } });
}

describe("geo permissions", () => {
  it("refuses sms, voice and misscall outside Indonesia by default with 403 GEO_NOT_ALLOWED, charging and counting nothing", async () => {
    const m = await merchant();
    for (const channel of ["sms", "voice", "misscall"]) {
      const res = await requestOtp(m.key, { channel, destination: "447700900123" });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "GEO_NOT_ALLOWED", details: { country_code: "44", channel_class: channel } });
    }
    expect(await saldoOf(m.id)).toBe(100_000);
    expect(await otpCount(m.id)).toBe(0);
    const [row] = await listBlocks(m.id);
    expect(row).toMatchObject({ reason: "geo", prefix: "44770", blocked: 3, active: false });
  });

  it("leaves whatsapp and email unrestricted by default and reads a leading 0 as 62", async () => {
    const m = await merchant();
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: "447700900123" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "email", destination: "a@b.co" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "sms", destination: "081234567890" })).status).toBe(200);
  });

  it("follows the merchant's own permissions per channel class", async () => {
    const m = await merchant();
    await updateMerchant(m.id, { geoPermissions: { sms: ["62", "60", "65"], whatsapp: ["62"] } });
    expect((await requestOtp(m.key, { channel: "sms", destination: "60123456789" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "voice", destination: "60123456789", brand: "Toko" })).body.error?.code).toBe("GEO_NOT_ALLOWED");
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: "447700900123" })).body.error?.code).toBe("GEO_NOT_ALLOWED");
  });
});

describe("prefix_spike", () => {
  it("blocks a prefix that suddenly gets unverified creations to fresh numbers, against the merchant's own history", async () => {
    const m = await merchant();
    await withHistory(m);
    const { passed, refusal } = await pumpUntilBlocked(m, "62899");
    expect(passed).toBe(12);
    expect(refusal?.status).toBe(403);
    expect(refusal?.body.error).toMatchObject({ code: "FRAUD_BLOCKED", details: { reason: "prefix_spike", prefix: "62899" } });
    // Blocked attempts are not charged: only the ones that went through.
    expect(await saldoOf(m.id)).toBe(100_000 - passed * 450);
    expect(await otpCount(m.id)).toBe(passed);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    // The block holds for later attempts and is logged once, with the counts that tripped it.
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62899") })).body.error?.code).toBe("FRAUD_BLOCKED");
    const blocks = await listBlocks(m.id);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ reason: "prefix_spike", prefix: "62899", blocked: 2, window_creations: 13, window_verified: 0, active: true });
    expect(await activePrefixBlocks(m.id)).toEqual(["62899"]);
    // Other prefixes are untouched.
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62812") })).status).toBe(200);
  });

  it("does not block a surge that verifies", async () => {
    const m = await merchant();
    await withHistory(m);
    for (let i = 0; i < 40; i++) {
      const res = await sendOtp(m.key, { channel: "sms", destination: fresh("62899"), otp: "123456" });
      expect(res.status).toBe(200);
      expect((await verify(m.key, { otp_id: res.body.data!.otp_id, otp: "123456" })).body.data).toMatchObject({ verified: true });
    }
  });

  it("allows a prefix its usual share of the merchant's traffic on top of the minimum", async () => {
    const m = await merchant();
    await withHistory(m);
    // Ordinary, verified traffic to the other prefixes first.
    for (const prefix of ["62813", "62857", "62878", "62896"]) {
      for (let i = 0; i < 10; i++) {
        const res = await sendOtp(m.key, { channel: "sms", destination: fresh(prefix), otp: "123456" });
        await verify(m.key, { otp_id: res.body.data!.otp_id, otp: "123456" });
      }
    }
    // 62812 carries 40 % of this merchant's history, so its share of the last minutes may be unverified on top of the 12 …
    expect((await pumpUntilBlocked(m, "62812", 40)).refusal).toBeNull();
    // … while a prefix this merchant never sends to gets the 12 only.
    expect((await pumpUntilBlocked(m, "62899", 40)).passed).toBe(12);
  });

  it("judges a merchant without history against the platform's", async () => {
    const old = await merchant();
    await withHistory(old);
    const m = await merchant();
    const { passed, refusal } = await pumpUntilBlocked(m, "62899");
    expect(passed).toBe(12);
    expect(refusal?.body.error?.code).toBe("FRAUD_BLOCKED");
  });

  it("blocks sooner at max and never when off", async () => {
    const max = await merchant();
    await withHistory(max);
    await updateMerchant(max.id, { fraudGuard: "max" });
    const off = await merchant();
    await withHistory(off);
    await updateMerchant(off.id, { fraudGuard: "off" });
    expect((await pumpUntilBlocked(max, "62899")).passed).toBe(8);
    expect((await pumpUntilBlocked(off, "62899", 30)).refusal).toBeNull();
  });

  it("lifts a block on unblock, logs who lifted it, and trusts the prefix afterwards", async () => {
    const m = await merchant();
    await withHistory(m);
    await pumpUntilBlocked(m, "62899");
    expect(await unblockPrefix(m.id, "62899", { actor: { kind: "member", userId: 0, email: "owner@example.test" }, merchantId: m.id })).toEqual({ prefix: "62899", lifted_blocks: 1 });
    expect((await pumpUntilBlocked(m, "62899", 30)).refusal).toBeNull();
    expect((await listBlocks(m.id))[0]).toMatchObject({ active: false, unblocked_at: expect.any(String) });
    expect(await activePrefixBlocks(m.id)).toEqual([]);
  });
});

describe("what is never blocked", () => {
  it("answers an idempotent replay under a blocked prefix with the original transaction", async () => {
    const m = await merchant();
    await withHistory(m);
    const original = await requestOtp(m.key, { channel: "sms", destination: "62899000000001", external_id: "order-1" });
    expect(original.status).toBe(200);
    await pumpUntilBlocked(m, "62899");
    const replay = await requestOtp(m.key, { channel: "sms", destination: "62899000000001", external_id: "order-1" });
    expect(replay.status).toBe(200);
    expect(replay.body.data?.otp_id).toBe(original.body.data?.otp_id);
    // A new external_id under the blocked prefix is refused like any other creation.
    expect((await requestOtp(m.key, { channel: "sms", destination: "62899000000002", external_id: "order-2" })).body.error?.code).toBe("FRAUD_BLOCKED");
  });

  it("verifies an OTP whose prefix got blocked after it was sent", async () => {
    const m = await merchant();
    await withHistory(m);
    const first = await requestOtp(m.key, { channel: "sms", destination: fresh("62899") });
    await pumpUntilBlocked(m, "62899");
    const otpId = first.body.data!.otp_id as string;
    expect((await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.data).toMatchObject({ verified: true });
  });

  it("does not count blocked attempts towards the destination's limits", async () => {
    const m = await merchant();
    await withHistory(m);
    await pumpUntilBlocked(m, "62899");
    const target = fresh("62899");
    for (let i = 0; i < 6; i++) expect((await requestOtp(m.key, { channel: "sms", destination: target })).body.error?.code).toBe("FRAUD_BLOCKED");
    await unblockPrefix(m.id, "62899", operatorOn(m.id));
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: target })).status).toBe(200);
  });
});

describe("signal_velocity and signals", () => {
  it("blocks one end-user IP reaching many destinations, whatever their prefixes, without history", async () => {
    const m = await merchant();
    const prefixes = ["62812", "62813", "62857", "62878", "62896"];
    const signals = { ip: "198.51.100.23", user_agent: "Mozilla/5.0" };
    let passed = 0;
    for (let i = 0; i < 20; i++) {
      const res = await requestOtp(m.key, { channel: "sms", destination: fresh(prefixes[i % 5]), signals });
      if (res.status !== 200) {
        expect(res.body.error).toMatchObject({ code: "FRAUD_BLOCKED", details: { reason: "signal_velocity" } });
        expect(JSON.stringify(res.body)).not.toContain("198.51.100.23");
        break;
      }
      passed++;
    }
    expect(passed).toBe(10);
    // Another user, and the same user's device on its own, are unaffected.
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62812"), signals: { ip: "198.51.100.24" } })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "sms", destination: fresh("62812"), signals: { device_id: "dev-1" } })).status).toBe(200);
    expect((await listBlocks(m.id))[0]).toMatchObject({ reason: "signal_velocity", window_creations: 11, active: true });
  });

  it("keys devices too, and max allows fewer destinations", async () => {
    const m = await merchant();
    await updateMerchant(m.id, { fraudGuard: "max" });
    let passed = 0;
    while ((await requestOtp(m.key, { channel: "sms", destination: fresh("62812"), signals: { device_id: "phone-abc" } })).status === 200) passed++;
    expect(passed).toBe(6);
  });

  it("answers an invalid signals.ip with 400 VALIDATION_ERROR without echoing it, and never echoes valid signals", async () => {
    const m = await merchant();
    const bad = await requestOtp(m.key, { channel: "sms", destination: fresh("62812"), signals: { ip: "999.1.2.3<x>" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(bad.body)).not.toContain("999.1.2.3");
    const good = await requestOtp(m.key, { channel: "sms", destination: fresh("62812"), signals: { ip: "2001:db8::1", device_id: "dev-xyz", user_agent: "UA/1" } });
    expect(good.status).toBe(200);
    expect(JSON.stringify(good.body)).not.toMatch(/2001:db8|dev-xyz|UA\/1/);
    expect((await sendOtp(m.key, { channel: "sms", destination: fresh("62812"), otp: "1234", signals: "nope" })).body.error?.code).toBe("VALIDATION_ERROR");
  });
});
