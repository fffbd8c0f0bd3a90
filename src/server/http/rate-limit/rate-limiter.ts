// The global /v3 limit: N requests per second per API key in fixed one-second
// windows. With REDIS_URL the count is shared by every app instance; while Redis does
// not answer, each instance counts alone (src/server/redis/redis-with-stand-in.ts): a
// slightly higher limit across instances beats rejecting every merchant.
import { RedisWithStandIn, storePerRedisUrl } from "@/server/redis/redis-with-stand-in";
import { MemoryRateLimitStore } from "./memory-store";
import { RedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./store";

export { DEFAULT_RATE_LIMIT } from "@/schemas/v3/default-rate-limit";
const WINDOW_MS = 1000;

export type RateLimitDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

export class RateLimiter {
  private readonly hit: (key: string, windowStartMs: number) => Promise<number>;
  private readonly shared: RedisWithStandIn<RateLimitStore> | null;
  private readonly store: RateLimitStore;

  /** A Redis store gets this process's memory as its stand-in; an in-memory one is used as it is. */
  constructor(store: RateLimitStore) {
    this.store = store;
    if (store instanceof RedisRateLimitStore) {
      const shared = new RedisWithStandIn<RateLimitStore>("rate limit", store, new MemoryRateLimitStore());
      this.shared = shared;
      this.hit = (key, windowStartMs) => shared.run((s) => s.hit(key, windowStartMs, WINDOW_MS));
    } else {
      this.shared = null;
      this.hit = (key, windowStartMs) => store.hit(key, windowStartMs, WINDOW_MS);
    }
  }

  async check(key: string, limit: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = now - (now % WINDOW_MS);
    const count = await this.hit(key, windowStart);
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: windowStart + WINDOW_MS - now };
  }

  async close(): Promise<void> {
    await this.store.close?.();
  }

  /** Whether the shared store answers (null when counts are in-process only), for the metrics scrape. */
  get sharedStoreAvailable(): boolean | null {
    return this.shared?.sharedAvailable ?? null;
  }
}

const perProcess = storePerRedisUrl("RateLimiter", (url) => new RateLimiter(url ? RedisRateLimitStore.connect(url) : new MemoryRateLimitStore()));

export const getRateLimiter = perProcess.get;
/** Closes this process's limiter (its Redis connection); the next call makes a new one. */
export const closeRateLimiter = perProcess.reset;
