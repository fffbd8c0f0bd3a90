// The global /v3 limit: N requests per second per API key in fixed one-second
// windows. With REDIS_URL the count is shared by every app instance; while Redis does
// not answer, each instance counts alone (src/server/redis/redis-with-stand-in.ts): a
// slightly higher limit across instances beats rejecting every merchant. A creation's
// hit rides in the fraud guard's script (checkWith, admission.ts): one round trip.
import { merchantSlot } from "@/server/redis/merchant-slot";
import { RedisWithStandIn, runTogether, storePerRedisUrl } from "@/server/redis/redis-with-stand-in";
import { MemoryRateLimitStore } from "./memory-store";
import { RedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./store";

export { DEFAULT_RATE_LIMIT } from "@/schemas/v3/default-rate-limit";
const WINDOW_MS = 1000;

export type RateLimitDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

/**
 * More work for the Redis call that counts a hit (a creation's fraud observation): a
 * script on another store's client, over keys of the hit key's slot.
 */
export type Piggyback<T> = {
  /** The degrade state of the store whose client makes the call. */
  store: RedisWithStandIn<unknown>;
  /** One call: the hit on `hit.key` and, when the count is within `hit.limit`, the work; its answer is null over the limit. */
  together: (hit: { key: string; ttlMs: number; limit: number }) => Promise<{ hits: number; value: T | null }>;
  /** The work alone, through its own store (after the hit was counted on its own). */
  alone: () => Promise<T>;
};

/** The limiter's key for an API key: the world's hash tag first, so a creation's one script can count it (merchant-slot.ts). */
export function rateLimitKey(worldId: number, keyId: string): string {
  return `${merchantSlot(worldId)}:${keyId}`;
}

export class RateLimiter {
  private readonly hit: (key: string, windowStartMs: number) => Promise<number>;
  private readonly shared: { redis: RedisRateLimitStore; outage: RedisWithStandIn<RateLimitStore> } | null;
  private readonly store: RateLimitStore;

  /** A Redis store gets this process's memory as its stand-in; an in-memory one is used as it is. */
  constructor(store: RateLimitStore) {
    this.store = store;
    if (store instanceof RedisRateLimitStore) {
      const outage = new RedisWithStandIn<RateLimitStore>("rate limit", store, new MemoryRateLimitStore());
      this.shared = { redis: store, outage };
      this.hit = (key, windowStartMs) => outage.run((s) => s.hit(key, windowStartMs, WINDOW_MS));
    } else {
      this.shared = null;
      this.hit = (key, windowStartMs) => store.hit(key, windowStartMs, WINDOW_MS);
    }
  }

  async check(key: string, limit: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = now - (now % WINDOW_MS);
    return decide(await this.hit(key, windowStart), limit, windowStart, now);
  }

  /**
   * check() and the piggybacked work, in one Redis call while both stores answer
   * (runTogether: a failure pauses both); otherwise the hit and then, within the limit,
   * the work, each through its own store, as two calls would. `value` is null over the limit.
   */
  async checkWith<T>(key: string, limit: number, piggyback: Piggyback<T>, now = Date.now()): Promise<{ decision: RateLimitDecision; value: T | null }> {
    const windowStart = now - (now % WINDOW_MS);
    if (this.shared) {
      const hit = { key: this.shared.redis.keyOf(key, windowStart), ttlMs: WINDOW_MS * 2, limit };
      const joint = await runTogether([this.shared.outage, piggyback.store], () => piggyback.together(hit));
      if (joint) return { decision: decide(joint.hits, limit, windowStart, now), value: joint.value };
    }
    const decision = await this.check(key, limit, now);
    return { decision, value: decision.allowed ? await piggyback.alone() : null };
  }

  async close(): Promise<void> {
    await this.store.close?.();
  }

  /** Whether the shared store answers (null when counts are in-process only), for the metrics scrape. */
  get sharedStoreAvailable(): boolean | null {
    return this.shared?.outage.sharedAvailable ?? null;
  }
}

function decide(count: number, limit: number, windowStart: number, now: number): RateLimitDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: windowStart + WINDOW_MS - now };
}

const perProcess = storePerRedisUrl("RateLimiter", (url) => new RateLimiter(url ? RedisRateLimitStore.connect(url) : new MemoryRateLimitStore()));

export const getRateLimiter = perProcess.get;
/** Closes this process's limiter (its Redis connection); the next call makes a new one. */
export const closeRateLimiter = perProcess.reset;
