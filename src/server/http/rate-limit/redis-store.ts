// The /v3 limit's counts in Redis, shared by every instance; what happens while Redis
// does not answer is redis-with-stand-in.ts's policy.
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";
import { redisScript, type RedisScript } from "@/server/redis/redis-script";
import { whenConnected } from "@/server/redis/redis-with-stand-in";
import { windowHitLua } from "@/server/redis/window-hit";
import type { RateLimitStore } from "./store";

// INCR and PEXPIRE in one atomic round trip; the window start is part of the key,
// so every instance counts into the same bucket for the same second (instances'
// clocks are assumed NTP-synced; a few ms of skew only blurs window edges). One key per
// call, so the script runs as it is on a Redis Cluster. A creation counts its hit in the
// fraud guard's script instead (services/fraud/redis-store.ts), on the same key: keyOf()
// names it, and its hash tag is the merchant's (merchant-slot.ts).
const HIT = `${windowHitLua("KEYS[1]", "ARGV[1]")}
return hits`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly hitScript: RedisScript;

  constructor(readonly redis: RedisClient, private readonly prefix = "sandi:rl:") {
    this.hitScript = redisScript(redis, "sandiRateLimitHit", HIT);
  }

  static connect(url: string, prefix?: string): RedisRateLimitStore {
    return new RedisRateLimitStore(failFastRedis(url), prefix);
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    await whenConnected(this.redis);
    return Number(await this.hitScript([this.keyOf(key, windowStartMs)], [String(windowMs * 2)]));
  }

  /** The Redis key counting `key`'s hits in the window that starts at windowStartMs. */
  keyOf(key: string, windowStartMs: number): string {
    return `${this.prefix}${key}:${windowStartMs}`;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
