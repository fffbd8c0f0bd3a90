// Throttling against password guessing and sign-up spam, in fixed 15-minute
// windows: MAX_FAILURES failed sign-ins per e-mail + IP, MAX_ACCOUNT_FAILURES per
// e-mail from any address (the client IP comes from headers a client can forge
// when no proxy overwrites them, so the per-IP count alone is not a limit), and
// MAX_SIGN_UPS per IP with MAX_SIGN_UPS_TOTAL from anywhere. With REDIS_URL the
// counters live in Redis (shared by every instance); without it, in this process
// (one instance, which is the no-configuration default).
import Redis from "ioredis";
import { getEnv } from "@/env";

export const MAX_FAILURES = 5;
export const MAX_ACCOUNT_FAILURES = 20;
export const MAX_SIGN_UPS = 10;
export const MAX_SIGN_UPS_TOTAL = 100;
export const WINDOW_SECONDS = 15 * 60;

export interface LoginThrottleStore {
  /** Counts one more event (a sign-in attempt, a sign-up) for the key in the current window; returns the new count. */
  increment(key: string): Promise<number>;
  /** Takes back one counted event (a sign-in attempt that turned out to be right). */
  forgive(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryThrottleStore implements LoginThrottleStore {
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

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

export class RedisThrottleStore implements LoginThrottleStore {
  constructor(private readonly redis: Redis, private readonly prefix = "sandi:login-fail:", private readonly windowSeconds = WINDOW_SECONDS) {}

  async increment(key: string): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(this.prefix + key).expire(this.prefix + key, this.windowSeconds, "NX").exec()) as [[null, number]];
    return count;
  }

  async forgive(key: string): Promise<void> {
    await this.redis.eval(FORGIVE_SCRIPT, 1, this.prefix + key);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** Decrements only a live, positive counter, so an expired window is not brought back as a negative count. */
const FORGIVE_SCRIPT = `
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const holder = globalThis as unknown as { __sandiLoginThrottle?: LoginThrottleStore };

export function getLoginThrottleStore(): LoginThrottleStore {
  if (!holder.__sandiLoginThrottle) {
    const url = getEnv().REDIS_URL;
    holder.__sandiLoginThrottle = url
      ? new RedisThrottleStore(new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false }))
      : new MemoryThrottleStore();
  }
  return holder.__sandiLoginThrottle;
}

export function throttleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

export function accountThrottleKey(email: string): string {
  return `account|${email.trim().toLowerCase()}`;
}

export function signUpThrottleKey(ip: string): string {
  return `sign-up|${ip}`;
}
