// Redis dies under load and comes back. The decision (rate-limiter.ts): the /v3
// limiter fails open to this instance's in-memory counts, so requests keep being
// served and the per-key limit still holds per instance; when Redis returns,
// counting goes back to it by itself. Runs its own throw-away redis-server.
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/env";
import { MAX_FAILURES } from "@/server/services/accounts/password-attempts";
import { getThrottleStore } from "@/server/throttle/throttle-store";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { closeRateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { createMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { account, expectLedgerBalanced, newMerchant, requestOtp, saldoOf } from "../harness/v3-fixtures";
import { captureLog } from "../harness/log-lines";
import { callerFor } from "../harness/trpc";
import { freePort, startRedisServer, type RedisServer } from "../harness/redis-server";
import { waitFor } from "../harness/wait-for";

let port = 0;
let server: RedisServer | undefined;
const previousRedisUrl = process.env.REDIS_URL;

async function startRedis(): Promise<void> {
  server = await startRedisServer(port || undefined);
  port = server.port;
}

async function stopRedis(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop();
}

async function limiterKeys(): Promise<number> {
  const client = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: 1 });
  try {
    return (await client.keys("sandi:rl:*")).length;
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  await startRedis();
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  resetEnvForTests();
}, 30_000);

afterAll(async () => {
  await closeRateLimiter();
  await getThrottleStore().close?.();
  await stopRedis();
  if (previousRedisUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = previousRedisUrl;
  resetEnvForTests();
});

describe("Redis down under load", () => {
  it("keeps serving with in-memory counts while Redis is down, still limits per key, and goes back to Redis when it returns", async () => {
    const busy = await newMerchant({ saldo: 450 * 1000 });
    await updateMerchant(busy.id, { rateLimit: 100_000 });
    const strict = await newMerchant();
    await updateMerchant(strict.id, { rateLimit: 5 });
    const logged = captureLog();
    try {
      const before = await Promise.all(Array.from({ length: 20 }, () => account(busy.key)));
      expect(before.every((r) => r.status === 200)).toBe(true);
      expect(await limiterKeys()).toBeGreaterThan(0);

      await stopRedis();
      const saldoBefore = await saldoOf(busy.id);
      const during = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 4 === 0 ? requestOtp(busy.key, { channel: "sms", destination: `62816${String(50_000_001 + i).padStart(8, "0")}` }) : account(busy.key),
        ),
      );
      expect(during.every((r) => r.status === 200)).toBe(true);
      expect(await saldoOf(busy.id)).toBe(saldoBefore - 450 * 10);
      expect(await expectLedgerBalanced(busy.id)).toBe(true);

      const burst = await Promise.all(Array.from({ length: 30 }, () => account(strict.key)));
      expect(burst.filter((r) => r.status === 429 && r.body.error?.code === "RATE_LIMITED").length).toBeGreaterThan(0);
      expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      expect(logged.count("rate limit store unavailable")).toBeGreaterThan(0);

      await startRedis();
      let counted = 0;
      await waitFor(
        async () => {
          expect((await account(busy.key)).status).toBe(200);
          counted = await limiterKeys();
          return counted > 0;
        },
        { timeoutMs: 10_000, intervalMs: 100, what: "requests counted in Redis again" },
      );
      expect(counted).toBeGreaterThan(0);
    } finally {
      logged.restore();
    }
  }, 60_000);
});

describe("Redis down for the dashboard", () => {
  // ioredis reports a client without an error listener on console.error, outside our logger.
  const unhandled = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter((c) => String(c[0]).includes("Unhandled error event")).length;

  async function throttleKeys(): Promise<number> {
    const client = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: 1 });
    try {
      return (await client.keys("sandi:login-fail:*")).length;
    } finally {
      client.disconnect();
    }
  }

  it("keeps sign-in, sign-up and their throttles working through an outage, logging it once when it starts and once when it ends", async () => {
    await createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
    const logged = captureLog();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" })).ok).toBe(true);
      expect(await throttleKeys()).toBeGreaterThan(0);

      await stopRedis();
      for (let i = 0; i < 3; i++) expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" })).ok).toBe(true);
      for (let i = 0; i < MAX_FAILURES; i++) await signInWithPassword({ email: "owner@toko.id", password: "salah", ip: "203.0.113.2" });
      expect(await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.2" })).toEqual({ ok: false, reason: "throttled" });
      const anonymous = callerFor({ merchantPublicId: null, clientIp: "192.0.2.50" });
      expect((await anonymous.account.signUp({ name: "Toko B", email: "b@toko.id", password: "rahasia-123", brandName: "Toko" })).api_key).toMatch(/^sk_live_/);
      expect(logged.count("sign-in throttle store unavailable")).toBe(1);

      await startRedis();
      await waitFor(
        async () => {
          if (logged.count("reachable again") > 0) return true;
          expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" })).ok).toBe(true);
          return false;
        },
        { timeoutMs: 10_000, intervalMs: 100, what: "the sign-in throttle store to log that it is reachable again" },
      );
      expect(logged.count("sign-in throttle store reachable again")).toBe(1);
      expect(logged.count("sign-in throttle store unavailable")).toBe(1);
      expect(unhandled(errors)).toBe(0);
    } finally {
      logged.restore();
      errors.mockRestore();
    }
  }, 60_000);

  it("signs in and signs up with REDIS_URL pointing at a closed port", async () => {
    await createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
    const closed = await freePort();
    process.env.REDIS_URL = `redis://127.0.0.1:${closed}`;
    resetEnvForTests();
    const logged = captureLog();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await signInWithPassword({ email: "owner@toko.id", password: "benar-sekali", ip: "203.0.113.1" })).ok).toBe(true);
      const anonymous = callerFor({ merchantPublicId: null, clientIp: "192.0.2.51" });
      expect((await anonymous.account.signUp({ name: "Toko C", email: "c@toko.id", password: "rahasia-123", brandName: "Toko" })).api_key).toMatch(/^sk_live_/);
      expect(logged.count("sign-in throttle store unavailable")).toBe(1);
      expect(unhandled(errors)).toBe(0);
    } finally {
      logged.restore();
      errors.mockRestore();
      await getThrottleStore().close?.();
      process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
      resetEnvForTests();
    }
  });
});
