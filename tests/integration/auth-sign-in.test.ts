// Dashboard sign-in: argon2id password check and throttling of guesses per
// e-mail + IP (5 failures per 15 minutes) and per e-mail from addresses that never
// signed in to it (50), and of sign-ups per IP (10) and in total (1000).
import Redis from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { MAX_SIGN_UPS, MAX_SIGN_UPS_TOTAL } from "@/server/auth/login-throttle";
import { knownAddressKey, MAX_ACCOUNT_FAILURES, MAX_FAILURES } from "@/server/services/accounts/password-attempts";
import { MemoryThrottleStore, RedisThrottleStore, WINDOW_SECONDS } from "@/server/throttle/throttle-store";
import { getAuthOptions, SIGN_IN_ERRORS } from "@/server/auth/options";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { countSignUpAttempt } from "@/server/auth/sign-up-throttle";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { callerFor } from "../harness/trpc";
import { ownerUserId } from "../harness/members";
import { overrideEnv } from "../harness/env-override";

const redis = new Redis(inject("redisUrl"), { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.quit().catch(() => undefined));

async function owner() {
  return createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
}

describe("sign-in", () => {
  it("signs in with the right e-mail and password, e-mail case-insensitively", async () => {
    const created = await owner();
    const result = await signInWithPassword({ email: "Owner@Toko.id", password: "benar-sekali", ip: "203.0.113.1" }, new MemoryThrottleStore());
    expect(result).toEqual({ ok: true, user: { userId: await ownerUserId(created.merchant_id), name: "Toko", email: "owner@toko.id" } });
  });

  it("refuses a wrong password", async () => {
    await owner();
    expect(await signInWithPassword({ email: "owner@toko.id", password: "salah-sekali", ip: "203.0.113.1" }, new MemoryThrottleStore())).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an unknown e-mail the same way as a wrong password", async () => {
    expect(await signInWithPassword({ email: "nobody@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, new MemoryThrottleStore())).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a merchant created without a password (operator-made accounts)", async () => {
    await createMerchant({ name: "Ops", email: "ops@toko.id" });
    expect(await signInWithPassword({ email: "ops@toko.id", password: "anything-1", ip: "203.0.113.1" }, new MemoryThrottleStore())).toEqual({ ok: false, reason: "invalid" });
  });

  it("throttles after 5 failures per e-mail and IP, even for the right password", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(await signInWithPassword({ email: "owner@toko.id", password: `salah-${i}`, ip: "203.0.113.1" }, store)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, store)).toEqual({ ok: false, reason: "throttled" });
  });

  it.each([
    ["in this process", () => new MemoryThrottleStore()],
    ["in Redis", () => new RedisThrottleStore(redis, `test:login:${randomBytes(6).toString("hex")}:`)],
  ])("checks at most 5 passwords when 40 guesses for one e-mail and IP arrive at once (%s)", async (_where, makeStore) => {
    await owner();
    const store = makeStore();
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? "benar-sekali" : `salah-${i}`));
    const results = await Promise.all(guesses.map((password) => signInWithPassword({ email: "owner@toko.id", password, ip: "203.0.113.1" }, store)));
    const checked = results.filter((r) => r.ok || r.reason === "invalid").length;
    expect(checked).toBe(MAX_FAILURES);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(40 - MAX_FAILURES);
  });

  it("does not count a right password against the account's 20", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_ACCOUNT_FAILURES + 5; i++) {
      expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: `198.51.100.${i}` }, store)).ok).toBe(true);
    }
  });

  it("does not throttle the same e-mail from another IP", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_FAILURES; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.1" }, store);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "198.51.100.2" }, store)).ok).toBe(true);
  });

  it("throttles an e-mail after 50 failures from any mix of addresses that never signed in to it, so many addresses do not buy more guesses", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      expect(await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: `198.51.100.${i}` }, store)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.250" }, store)).toEqual({ ok: false, reason: "throttled" });
  });

  it("does not let one address's successful sign-in reset the failures counted against the account elsewhere", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_ACCOUNT_FAILURES - 1; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: `198.51.100.${i}` }, store);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
    await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "198.51.100.200" }, store);
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.10" }, store)).toEqual({ ok: false, reason: "throttled" });
  });

  it("does not let strangers guessing from many addresses lock the owner out of an address it signed in from before", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES + 5; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: `198.51.100.${i}` }, store);
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "198.51.100.250" }, store)).toEqual({ ok: false, reason: "throttled" });
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
    // The owner's address still has its own limit of 5 per window.
    for (let i = 0; i < MAX_FAILURES; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.9" }, store);
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).toEqual({ ok: false, reason: "throttled" });
  });

  it("remembers the owner's addresses in Redis too, for every instance", async () => {
    await owner();
    const store = new RedisThrottleStore(redis, `test:login:${randomBytes(6).toString("hex")}:`);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES + 1; i++) await store.increment("account|owner@toko.id");
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "198.51.100.1" }, store)).toEqual({ ok: false, reason: "throttled" });
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    await owner();
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_FAILURES - 1; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.1" }, store);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, store)).ok).toBe(true);
    expect(await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.1" }, store)).toEqual({ ok: false, reason: "invalid" });
  });

  it("lets a throttled e-mail and IP try again once the 15-minute window has passed", async () => {
    await owner();
    let now = 1_000_000;
    const store = new MemoryThrottleStore(WINDOW_SECONDS * 1000, () => now);
    for (let i = 0; i < MAX_FAILURES; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.1" }, store);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, store)).ok).toBe(false);
    now += WINDOW_SECONDS * 1000;
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, store)).ok).toBe(true);
  });

  it("shares the throttle between instances through Redis", async () => {
    await owner();
    const prefix = `test:login:${randomBytes(6).toString("hex")}:`;
    const instanceA = new RedisThrottleStore(redis, prefix);
    const instanceB = new RedisThrottleStore(redis, prefix);
    for (let i = 0; i < MAX_FAILURES; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.1" }, i % 2 ? instanceA : instanceB);
    expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" }, instanceB)).toEqual({ ok: false, reason: "throttled" });
    // One counter for the e-mail and IP, one for the account; named by keyed hashes, never by the address or the IP.
    const names = await redis.keys(`${prefix}*`);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).not.toMatch(/owner|toko|203\.0\.113|account/);
      const ttl = await redis.ttl(name);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WINDOW_SECONDS);
    }
  });

  it("names the remembered address by a keyed hash too, and another pepper's instance cannot find it", async () => {
    await owner();
    const prefix = `test:login:${randomBytes(6).toString("hex")}:`;
    const store = new RedisThrottleStore(redis, prefix);
    expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.9" }, store)).ok).toBe(true);
    const names = await redis.keys(`${prefix}*`);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/owner|toko|203\.0\.113|known/);
    expect(await store.recalls(knownAddressKey("owner@toko.id", "203.0.113.9"))).toBe(true);
    const restore = overrideEnv({ OTP_PEPPER: randomBytes(32).toString("base64url") });
    try {
      expect(await new RedisThrottleStore(redis, prefix).recalls(knownAddressKey("owner@toko.id", "203.0.113.9"))).toBe(false);
    } finally {
      restore();
    }
  });

  it("tells next-auth about throttling with an error it can show, and returns no user for a wrong password", async () => {
    await owner();
    const provider = getAuthOptions().providers[0] as unknown as { options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> } };
    const req = { headers: { "x-forwarded-for": "192.0.2.77, 10.0.0.1" } };
    expect(await provider.options.authorize({ email: "owner@toko.id", password: "salah" }, req)).toBeNull();
    for (let i = 1; i < MAX_FAILURES; i++) await provider.options.authorize({ email: "owner@toko.id", password: "salah" }, req);
    await expect(provider.options.authorize({ email: "owner@toko.id", password: "benar-sekali" }, req)).rejects.toThrow(SIGN_IN_ERRORS.throttled);
  });

  it("uses JWT sessions that expire and the configured session secret", () => {
    const options = getAuthOptions();
    expect(options.session).toMatchObject({ strategy: "jwt" });
    expect(options.session?.maxAge).toBeGreaterThan(0);
    expect(options.session?.maxAge).toBeLessThanOrEqual(24 * 60 * 60);
    expect(options.secret).toBe(process.env.SESSION_SECRET);
  });
});

describe("sign-up", () => {

  it("allows 10 sign-ups per address per 15 minutes, then answers TOO_MANY_REQUESTS without creating an account", async () => {
    const anonymous = callerFor({ merchantPublicId: null, clientIp: "192.0.2.201" });
    for (let i = 0; i < MAX_SIGN_UPS; i++) {
      await anonymous.account.signUp({ name: `Toko ${i}`, email: `toko${i}@spam.id`, password: "rahasia-123", brandName: "Toko" });
    }
    await expect(anonymous.account.signUp({ name: "Toko X", email: "tokox@spam.id", password: "rahasia-123", brandName: "Toko" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/Terlalu banyak pendaftaran/),
    });
    const db = await getDb();
    expect(await db.merchant.count({ where: { email: "tokox@spam.id" } })).toBe(0);
    const elsewhere = callerFor({ merchantPublicId: null, clientIp: "192.0.2.202" });
    expect((await elsewhere.account.signUp({ name: "Toko Y", email: "tokoy@spam.id", password: "rahasia-123", brandName: "Toko" })).api_key).toMatch(/^sk_live_/);
  });

  it("does not count sign-ups whose input is malformed, so junk requests cannot use up an address's or everyone's quota", async () => {
    const anonymous = callerFor({ merchantPublicId: null, clientIp: "192.0.2.203" });
    for (let i = 0; i < MAX_SIGN_UPS + 1; i++) await expect(anonymous.account.signUp({} as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await anonymous.account.signUp({ name: "Toko Z", email: "tokoz@spam.id", password: "rahasia-123", brandName: "Toko" })).api_key).toMatch(/^sk_live_/);
  });

  it("takes at most 1000 sign-ups per 15 minutes from all addresses together, so many addresses do not buy more", async () => {
    const store = new MemoryThrottleStore();
    for (let i = 0; i < MAX_SIGN_UPS_TOTAL; i++) await countSignUpAttempt(`198.51.100.${i % 250}-${i}`, store);
    await expect(countSignUpAttempt("203.0.113.77", store)).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/Terlalu banyak pendaftaran saat ini/) });
  });
});
