// The /v3 limit's counts in Redis, shared by every instance; what happens while Redis
// does not answer is redis-with-stand-in.ts's policy.
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";
import { redisScript, type RedisScript } from "@/server/redis/redis-script";
import { whenConnected } from "@/server/redis/redis-with-stand-in";
import type { RateLimitStore } from "./store";

// INCR and PEXPIRE in one atomic round trip; the window start is part of the key,
// so every instance counts into the same bucket for the same second (instances'
// clocks are assumed NTP-synced; a few ms of skew only blurs window edges). One key per
// call, so the script runs as it is on a Redis Cluster.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

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
    return Number(await this.hitScript([`${this.prefix}${key}:${windowStartMs}`], [String(windowMs * 2)]));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
