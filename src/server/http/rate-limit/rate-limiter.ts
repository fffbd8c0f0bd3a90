// The global /v3 limit: N requests per second per API key in fixed one-second
// windows. With REDIS_URL the count is shared by every app instance; if Redis is
// unreachable the limiter fails open to this instance's in-memory count (a
// slightly higher limit across instances beats rejecting every merchant).
import { getEnv } from "@/env";
import { MemoryRateLimitStore } from "./memory-store";
import { RedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./store";
import { log, messageOf } from "@/server/log";
import { onShutdown } from "@/server/lifecycle.mjs";

export { DEFAULT_RATE_LIMIT } from "@/server/services/merchants/default-rate-limit";
const WINDOW_MS = 1000;

export type RateLimitDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

export class RateLimiter {
  private lastWarning = 0;
  private degraded = false;

  constructor(private readonly primary: RateLimitStore, private readonly fallback: RateLimitStore = new MemoryRateLimitStore()) {}

  async check(key: string, limit: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = now - (now % WINDOW_MS);
    let count: number;
    try {
      count = await this.primary.hit(key, windowStart, WINDOW_MS);
      if (this.degraded) this.recovered();
    } catch (err) {
      this.warn(err);
      count = await this.fallback.hit(key, windowStart, WINDOW_MS);
    }
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: windowStart + WINDOW_MS - now };
  }

  async close(): Promise<void> {
    await this.primary.close?.();
  }

  /** Whether the shared store answers (null when counts are in-process only), for the metrics scrape. */
  get sharedStoreAvailable(): boolean | null {
    return this.primary.available ?? null;
  }

  private warn(err: unknown): void {
    this.degraded = true;
    if (Date.now() - this.lastWarning < 10_000) return;
    this.lastWarning = Date.now();
    log.warn({ error: messageOf(err) }, "rate limit store unavailable; using in-memory counts");
  }

  private recovered(): void {
    this.degraded = false;
    this.lastWarning = 0;
    log.warn("rate limit store reachable again; shared counts resumed");
  }
}

const holder = globalThis as unknown as { __sandiRateLimiter?: { url: string | undefined; limiter: RateLimiter } };
onShutdown("close", () => {
  const current = holder.__sandiRateLimiter;
  holder.__sandiRateLimiter = undefined;
  return current?.limiter.close();
});

export function getRateLimiter(): RateLimiter {
  const url = getEnv().REDIS_URL;
  if (!holder.__sandiRateLimiter || holder.__sandiRateLimiter.url !== url) {
    void holder.__sandiRateLimiter?.limiter.close();
    const store = url ? RedisRateLimitStore.connect(url) : new MemoryRateLimitStore();
    holder.__sandiRateLimiter = { url, limiter: new RateLimiter(store) };
  }
  return holder.__sandiRateLimiter.limiter;
}
