// Event counters in fixed 15-minute windows for the dashboard's throttles (sign-in,
// sign-up, account e-mails, password changes): with REDIS_URL in Redis, shared by
// every instance, and in this process too, the larger count deciding
// (fallback-throttle-store.ts); without it, in this process (one instance, the
// no-configuration default).
import { createHmac } from "node:crypto";
import { getEnv } from "@/env";
import { THROTTLE_WINDOW_MINUTES } from "@/lib/throttle-window";
import { derivedKey } from "@/server/lib/sealed-box";
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";
import { redisScript, type RedisScript } from "@/server/redis/redis-script";
import { storePerRedisUrl, whenConnected } from "@/server/redis/redis-with-stand-in";
import { FallbackThrottleStore } from "./fallback-throttle-store";

export const WINDOW_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

export interface ThrottleStore {
  /** Counts one more event (a sign-in attempt, a sign-up) for the key in the current window; returns the new count. */
  increment(key: string): Promise<number>;
  /** Takes back one counted event (a sign-in attempt that turned out to be right). */
  forgive(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Remembers a fact (an address that signed in to an account) for `seconds`. */
  remember(key: string, seconds: number): Promise<void>;
  recalls(key: string): Promise<boolean>;
  /** Releases connections (a replaced store). */
  close?(): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly windowMs = WINDOW_SECONDS * 1000, private readonly now: () => number = Date.now) {}

  async increment(key: string): Promise<number> {
    const current = this.entries.get(key);
    const entry = current && current.resetAt > this.now() ? current : { count: 0, resetAt: this.now() + this.windowMs };
    entry.count += 1;
    this.entries.set(key, entry);
    if (this.entries.size > 10_000) this.sweep();
    return entry.count;
  }

  async forgive(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > this.now() && entry.count > 0) entry.count -= 1;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async remember(key: string, seconds: number): Promise<void> {
    this.entries.set(key, { count: 1, resetAt: this.now() + seconds * 1000 });
  }

  async recalls(key: string): Promise<boolean> {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.resetAt > this.now();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

/** Decrements only a live, positive counter, so an expired window is not brought back as a negative count. */
const FORGIVE_SCRIPT = `
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

// Every command touches one key, so the store works as it is on a Redis Cluster.
// A throttle's key holds an e-mail address or a client's IP; in Redis it is named by a
// keyed hash of it instead (HMAC-SHA256 under a key derived from OTP_PEPPER, which every
// instance shares), so SCAN, MONITOR, a replica or a memory dump shows no address, and
// without the pepper a list of known addresses cannot be matched against the names.
export class RedisThrottleStore implements ThrottleStore {
  private readonly forgiveScript: RedisScript;
  private readonly nameKey: Buffer;

  constructor(readonly redis: RedisClient, private readonly prefix = "sandi:login-fail:", private readonly windowSeconds = WINDOW_SECONDS) {
    this.forgiveScript = redisScript(redis, "sandiThrottleForgive", FORGIVE_SCRIPT);
    this.nameKey = derivedKey(getEnv().OTP_PEPPER, "throttle-key-names");
  }

  /** The Redis key that counts `key`: the prefix and 128 bits of the keyed hash. */
  private name(key: string): string {
    return this.prefix + createHmac("sha256", this.nameKey).update(key).digest("base64url").slice(0, 22);
  }

  async increment(key: string): Promise<number> {
    await whenConnected(this.redis);
    const name = this.name(key);
    const results = await this.redis.multi().incr(name).expire(name, this.windowSeconds, "NX").exec();
    // A transaction that could not be sent resolves with per-command errors (or null) instead of rejecting.
    const [error, count] = results?.[0] ?? [new Error("Redis transaction discarded"), null];
    if (error || typeof count !== "number") throw error ?? new Error("Redis returned no count");
    return count;
  }

  async forgive(key: string): Promise<void> {
    await whenConnected(this.redis);
    await this.forgiveScript([this.name(key)], []);
  }

  async clear(key: string): Promise<void> {
    await whenConnected(this.redis);
    await this.redis.del(this.name(key));
  }

  async remember(key: string, seconds: number): Promise<void> {
    await whenConnected(this.redis);
    await this.redis.set(this.name(key), "1", "EX", seconds);
  }

  async recalls(key: string): Promise<boolean> {
    await whenConnected(this.redis);
    return (await this.redis.exists(this.name(key))) === 1;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

const perProcess = storePerRedisUrl("ThrottleStore", (url): ThrottleStore =>
  url ? new FallbackThrottleStore(new RedisThrottleStore(failFastRedis(url)), new MemoryThrottleStore()) : new MemoryThrottleStore(),
);

/** Per process, for the configured REDIS_URL (a changed URL, in tests, gets a new store). */
export const getThrottleStore = perProcess.get;
