import { failFastRedis, type RedisClient } from "@/server/lib/fail-fast-redis";
import { redisScript, type RedisScript } from "@/server/lib/redis-script";
import type { RateLimitStore } from "./store";

// INCR and PEXPIRE in one atomic round trip; the window start is part of the key,
// so every instance counts into the same bucket for the same second (instances'
// clocks are assumed NTP-synced; a few ms of skew only blurs window edges). One key per
// call, so the script runs as it is on a Redis Cluster.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

const READY_WAIT_MS = 300;
// After a failure, requests go straight to the fallback for a while instead of each
// paying the wait again; then one request probes Redis.
const SKIP_AFTER_FAILURE_MS = 2000;

export class RedisRateLimitStore implements RateLimitStore {
  // performance.now(): monotonic, and not moved by tests that freeze Date.
  private lastFailure = -Infinity;
  private readonly hitScript: RedisScript;

  constructor(private readonly redis: RedisClient, private readonly prefix = "sandi:rl:") {
    this.hitScript = redisScript(redis, "sandiRateLimitHit", HIT);
  }

  static connect(url: string, prefix?: string): RedisRateLimitStore {
    // Its errors are reported by the fallback in rate-limiter.ts.
    return new RedisRateLimitStore(failFastRedis(url), prefix);
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    if (this.failedRecently()) throw new Error("Redis failed moments ago; not retrying yet");
    try {
      await this.ready();
      return Number(await this.hitScript([`${this.prefix}${key}:${windowStartMs}`], [String(windowMs * 2)]));
    } catch (err) {
      this.lastFailure = performance.now();
      throw err;
    }
  }

  /**
   * Connected and answering, as far as the client knows (read at scrape time by the
   * metrics). A failed command counts too: a Cluster client stays ready while one node
   * is down and the keys on that node's slots fall back.
   */
  get available(): boolean {
    return this.redis.status === "ready" && !this.failedRecently();
  }

  private failedRecently(): boolean {
    return performance.now() - this.lastFailure < SKIP_AFTER_FAILURE_MS;
  }

  /** Waits briefly for a (re)connecting client. */
  private async ready(): Promise<void> {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.redis.off("ready", onReady);
        reject(new Error(`Redis not ready (${this.redis.status})`));
      }, READY_WAIT_MS);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once("ready", onReady);
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
