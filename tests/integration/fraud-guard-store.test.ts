// The detection store on a real Redis (shared by every app instance), the in-process
// copy it falls back to, and the fallback itself when Redis is down.
import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { FallbackFraudStore } from "@/server/services/fraud/detection-store";
import { MemoryFraudStore } from "@/server/services/fraud/memory-store";
import { RedisFraudStore } from "@/server/services/fraud/redis-store";
import { bucketTtlMs, keyNames, type FraudStore, type Observation } from "@/server/services/fraud/detection-state";
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";

const REDIS_URL = inject("redisUrl");
const clients: RedisClient[] = [];

// The store's own logic on a patient client: the app's fail-fast one (250 ms per command, no
// queue before the connection is up) failed these on a loaded CI machine, and its give-up
// policy is what the Redis-down case below tests.
function redisStore(): RedisFraudStore {
  const redis = new Redis(REDIS_URL);
  clients.push(redis);
  return new RedisFraudStore(redis, `test:${randomBytes(6).toString("hex")}:`);
}

afterAll(() => clients.forEach((c) => c.disconnect()));

describe("redis store, verified counts", () => {
  it("counts a verification in the prefix's and the merchant's buckets of its minute, each kept for the window and no longer", async () => {
    const redis = new Redis(REDIS_URL);
    clients.push(redis);
    const namespace = `test:${randomBytes(6).toString("hex")}:`;
    const store = new RedisFraudStore(redis, namespace);
    await store.recordVerified("7", "62899", MINUTE, 10);
    await store.recordVerified("7", "62899", MINUTE, 10);
    await store.recordVerified("7", "62812", MINUTE, 10);
    const keys = keyNames(namespace);
    const [prefix, other, all] = [keys.verified("7", "62899", MINUTE), keys.verified("7", "62812", MINUTE), keys.verifiedAll("7", MINUTE)];
    expect(await redis.mget(prefix, other, all)).toEqual(["2", "1", "3"]);
    for (const key of [prefix, other, all]) {
      const ttl = await redis.pttl(key);
      expect(ttl, key).toBeGreaterThan(bucketTtlMs(10) - 5_000);
      expect(ttl, key).toBeLessThanOrEqual(bucketTtlMs(10));
    }
  });
});

const MINUTE = 29_000_000;
const attempt = (destination: string, extra: Partial<Observation> = {}): Observation => ({
  merchant: "7",
  prefix: "62899",
  destination,
  signals: [],
  minute: MINUTE,
  windowMinutes: 10,
  signalLimit: 3,
  ...extra,
});

describe.each([
  ["redis", redisStore],
  ["memory", () => new MemoryFraudStore()],
] as [string, () => FraudStore][])("%s store", (_name, make) => {
  it("counts distinct destinations, verifications and the merchant's total over the window, and nothing older", async () => {
    const store = make();
    await store.observe(attempt("62899000000001", { minute: MINUTE - 10 }));
    await store.observe(attempt("62899000000001", { minute: MINUTE - 3 }));
    await store.observe(attempt("62899000000002", { minute: MINUTE - 1 }));
    await store.recordVerified("7", "62899", MINUTE - 2, 10);
    await store.observe(attempt("62812000000001", { prefix: "62812" }));
    const seen = await store.observe(attempt("62899000000001"));
    // The older minutes hold one of the two (the newest two minutes are not settled yet); the merchant's verified count spans prefixes.
    await store.recordVerified("7", "62812", MINUTE, 10);
    const again = await store.observe(attempt("62899000000001"));
    expect(seen).toEqual({ distinct: 2, verified: 1, total: 4, recentTotal: 3, prefixState: null, settledDistinct: 1, merchantVerified: 1, signals: [] });
    expect(again).toMatchObject({ verified: 1, merchantVerified: 2 });
  });

  it("reports a block once set, and a trust after unblocking, with the prefix's window forgotten", async () => {
    const store = make();
    for (let i = 0; i < 3; i++) await store.observe(attempt(`6289900000000${i}`));
    expect(await store.blockPrefix("7", "62899", "prefix_spike", 60_000)).toBe(true);
    expect(await store.blockPrefix("7", "62899", "prefix_spike", 60_000)).toBe(false);
    expect((await store.observe(attempt("62899000000009"))).prefixState).toBe("block:prefix_spike");
    await store.trustPrefix("7", "62899", 60_000, MINUTE, 10);
    expect(await store.observe(attempt("62899000000010"))).toMatchObject({ distinct: 1, prefixState: "trust" });
  });

  it("counts a signal's destinations and keeps a flagged signal's attempts out of the prefix", async () => {
    const store = make();
    let last;
    for (let i = 0; i < 5; i++) last = await store.observe(attempt(`6289900000010${i}`, { signals: ["sigA"] }));
    expect(last!.signals).toEqual([{ distinct: 5, blocked: false }]);
    expect(last!.distinct).toBe(3);
    expect(await store.blockSignal("7", "sigA", 60_000)).toBe(true);
    expect((await store.observe(attempt("62899000000200", { signals: ["sigB", "sigA"] }))).signals).toEqual([
      { distinct: 1, blocked: false },
      { distinct: 6, blocked: true },
    ]);
  });
});

describe("when Redis is down", () => {
  it("falls back to this process's counts instead of failing or waiting", async () => {
    const down = failFastRedis("redis://127.0.0.1:1");
    clients.push(down);
    const store = new FallbackFraudStore(new RedisFraudStore(down));
    expect(await store.observe(attempt("62899000000001"))).toMatchObject({ distinct: 1, total: 1 });
    expect(await store.observe(attempt("62899000000002"))).toMatchObject({ distinct: 2, total: 2 });
    expect(await store.blockPrefix("7", "62899", "prefix_spike", 60_000)).toBe(true);
    expect((await store.observe(attempt("62899000000003"))).prefixState).toBe("block:prefix_spike");
  });
});
