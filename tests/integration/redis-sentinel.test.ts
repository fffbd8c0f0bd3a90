// REDIS_URL=redis-sentinel://…: the app asks a Sentinel for the master and keeps its
// shared state there. Runs its own throw-away master and one Sentinel watching it,
// each with its own password (both given in the URL).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RedisThrottleStore } from "@/server/throttle/throttle-store";
import { getRateLimiter, RateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { RedisRateLimitStore } from "@/server/http/rate-limit/redis-store";
import { FallbackFraudStore } from "@/server/services/fraud/detection-store";
import { RedisFraudStore } from "@/server/services/fraud/redis-store";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../harness/env-override";
import { captureLog } from "../harness/log-lines";
import { closeAppRedisStores, startLocalSentinel, useThrowAwayRedis } from "../harness/redis-servers";
import { account, newMerchant } from "../harness/v3-fixtures";
import { waitFor } from "../harness/wait-for";

const redis = useThrowAwayRedis(() => startLocalSentinel());
const ns = `t${randomBytes(4).toString("hex")}:`;

async function masterKeys(pattern: string): Promise<string[]> {
  const master = redis.current().master.client();
  try {
    return await master.keys(pattern);
  } finally {
    master.disconnect();
  }
}

describe("Redis Sentinel", () => {
  it("limits /v3 requests through REDIS_URL=redis-sentinel://, counting on the master the Sentinel names", async () => {
    const restore = overrideEnv({ REDIS_URL: redis.current().url });
    try {
      const merchant = await newMerchant();
      await updateMerchant(merchant.id, { rateLimit: 3 });
      await waitFor(() => getRateLimiter().sharedStoreAvailable === true, { timeoutMs: 15_000, what: "the app's limiter connected through the Sentinel" });
      const answers = await Promise.all(Array.from({ length: 10 }, () => account(merchant.key)));
      expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      expect(answers.filter((r) => r.status === 429 && r.body.error?.code === "RATE_LIMITED").length).toBeGreaterThan(0);
      expect((await masterKeys("sandi:rl:*")).length).toBeGreaterThan(0);
    } finally {
      await closeAppRedisStores();
      restore();
    }
  }, 60_000);

  it("shares the limit between two instances, and keeps fraud detection and throttles on the master", async () => {
    const [first, second] = [new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}rl:`)), new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}rl:`))];
    try {
      await waitFor(() => first.sharedStoreAvailable === true && second.sharedStoreAvailable === true, { timeoutMs: 15_000, what: "both limiters connected" });
      const now = Date.now();
      const decisions = await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? first : second).check("shared-key", 4, now)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(4);

      const fraudClient = redis.client();
      await waitFor(() => fraudClient.status === "ready", { timeoutMs: 15_000, what: "the fraud store's client connected" });
      const fraud = new RedisFraudStore(fraudClient, ns);
      const observation = { merchant: "5", prefix: "62899", signals: [], minute: 29_000_000, windowMinutes: 10, signalLimit: 3 };
      await fraud.observe({ ...observation, destination: "62899000000001" });
      expect(await fraud.observe({ ...observation, destination: "62899000000002" })).toMatchObject({ distinct: 2, total: 2 });

      const throttle = new RedisThrottleStore(redis.client(), `${ns}th:`);
      await waitFor(async () => (await throttle.increment("owner@toko.id|203.0.113.9")) >= 1, { timeoutMs: 15_000, what: "the throttle counting" });
      expect(await throttle.increment("owner@toko.id|203.0.113.9")).toBe(2);

      expect(await masterKeys(`${ns}*`)).toEqual(expect.arrayContaining([expect.stringMatching(/:rl:/), expect.stringMatching(/:fg:\{5\}:/), expect.stringMatching(/:th:/)]));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  // Last: it kills the master (one Sentinel and no replica: nothing to fail over to).
  it("answers from memory at once when the master is down, as with a single server", async () => {
    const limiter = new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}down:`));
    const fraudClient = redis.client();
    const fraud = new FallbackFraudStore(new RedisFraudStore(fraudClient, `${ns}down:`));
    const logged = captureLog();
    try {
      await waitFor(() => limiter.sharedStoreAvailable === true && fraudClient.status === "ready", { timeoutMs: 15_000, what: "connected through the Sentinel" });
      await redis.current().master.stop();
      const now = Date.now();
      const decisions = await Promise.all(Array.from({ length: 5 }, () => limiter.check("down-key", 2, now)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(2);
      expect(logged.count("rate limit store unavailable")).toBeGreaterThan(0);
      const observation = { merchant: "6", prefix: "62899", signals: [], minute: 29_000_000, windowMinutes: 10, signalLimit: 3 };
      await fraud.observe({ ...observation, destination: "62899000000001" });
      expect(await fraud.observe({ ...observation, destination: "62899000000002" })).toMatchObject({ distinct: 2, total: 2 });
      expect(logged.count("fraud guard store unavailable")).toBe(1);
    } finally {
      logged.restore();
      await limiter.close();
    }
  });
});
