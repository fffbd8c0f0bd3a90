// Detection state in Redis: one script per creation (write the attempt, read the
// window back; on /v3 with the API key's rate-limit hit in front of it), HyperLogLogs
// for distinct destinations (12 KB at most per key, and a destination is never stored
// in the clear), plain counters for verifications.
import type { RedisClient } from "@/server/redis/fail-fast-redis";
import { redisScript, type RedisScript } from "@/server/redis/redis-script";
import { whenConnected } from "@/server/redis/redis-with-stand-in";
import { windowHitLua } from "@/server/redis/window-hit";
import { bucketTtlMs, keyNames, UNSETTLED_MINUTES, windowMinutesOf, type FraudStore, type Observation, type Observed } from "./detection-state";

// One round trip, atomic. The signals are looked at first: an attempt from a signal that
// is blocked or over its limit is refused for that, and is kept out of the prefix's
// counts, so one user's spray across prefixes cannot trip prefix blocks for everyone.
// KEYS: current destination bucket, current total bucket, prefix state, the window's
// destination, verified and total buckets, then per signal: current bucket, block, window,
// then the window's merchant-wide verified buckets.
// ARGV: destination, bucket TTL ms, window length, signal count, signal limit, unsettled minutes.
const OBSERVE = `
local dest, ttl, n, ns, limit, fresh = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local out, flagged = {}, false
for i = 0, ns - 1 do
  local base = 3 + 3 * n + i * (2 + n)
  redis.call('PFADD', KEYS[base + 1], dest)
  redis.call('PEXPIRE', KEYS[base + 1], ttl)
  local distinct = redis.call('PFCOUNT', unpack(KEYS, base + 3, base + 2 + n))
  local blocked = redis.call('EXISTS', KEYS[base + 2])
  if blocked == 1 or distinct > limit then flagged = true end
  out[#out + 1] = distinct
  out[#out + 1] = blocked
end
if not flagged then
  redis.call('PFADD', KEYS[1], dest)
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ttl)
end
local function sum(values)
  local total = 0
  for _, v in ipairs(values) do if v then total = total + tonumber(v) end end
  return total
end
local distinct = redis.call('PFCOUNT', unpack(KEYS, 4, 3 + n))
local verified = sum(redis.call('MGET', unpack(KEYS, 4 + n, 3 + 2 * n)))
local totals = redis.call('MGET', unpack(KEYS, 4 + 2 * n, 3 + 3 * n))
local recent = sum({totals[1], totals[2]})
local state = redis.call('GET', KEYS[3])
local settled = 0
if n > fresh then settled = redis.call('PFCOUNT', unpack(KEYS, 4 + fresh, 3 + n)) end
local vt = 3 + 3 * n + ns * (2 + n)
local merchantVerified = sum(redis.call('MGET', unpack(KEYS, vt + 1, vt + n)))
return {distinct, verified, sum(totals), recent, state, settled, merchantVerified, unpack(out)}`;

// The /v3 rate limit's hit first (the key's window, its TTL and the limit are the last
// key and the last two arguments, so OBSERVE's own indices stay as they are), then, only
// within the limit, the observation: a creation's one round trip. Over the limit the
// attempt is not observed, as when the wrapper refused it before the creation ran.
const HIT_THEN_OBSERVE = `${windowHitLua("KEYS[#KEYS]", "ARGV[#ARGV - 1]")}
if hits > tonumber(ARGV[#ARGV]) then return {hits} end
local function observe()
${OBSERVE}
end
local observed = observe()
table.insert(observed, 1, hits)
return observed`;

/**
 * A verified OTP counted in the prefix's and the merchant's buckets of its minute, each kept
 * for the window: one call where a pipeline of four commands cost the verification about
 * 35,000 instructions in ioredis (both keys share the merchant's hash tag, so a Cluster
 * takes them in one call).
 */
const COUNT_VERIFIED = `for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ARGV[1])
end`;

/** The rate limit's hit a creation's observation carries (http/rate-limit/rate-limiter.ts names the key). */
export type WindowHit = { key: string; ttlMs: number; limit: number };

export class RedisFraudStore implements FraudStore {
  private readonly keys: ReturnType<typeof keyNames>;

  private readonly observeScript: RedisScript;
  private readonly hitThenObserveScript: RedisScript;
  private readonly countVerifiedScript: RedisScript;

  /** `namespace` keeps two stores on one Redis apart (tests). */
  constructor(readonly redis: RedisClient, namespace = "sandi:") {
    this.keys = keyNames(namespace);
    this.observeScript = redisScript(redis, "sandiFraudObserve", OBSERVE);
    this.hitThenObserveScript = redisScript(redis, "sandiHitThenObserve", HIT_THEN_OBSERVE);
    this.countVerifiedScript = redisScript(redis, "sandiCountVerified", COUNT_VERIFIED);
  }

  async observe(o: Observation): Promise<Observed> {
    await whenConnected(this.redis);
    const { keys, args } = this.scriptInput(o);
    return observedFrom(o, (await this.observeScript(keys, args)) as Reply);
  }

  /**
   * The rate limit's hit and, within its limit, the observation, in one call: the count,
   * and what was observed (null over the limit). The hit's key must carry the merchant's
   * hash tag (merchant-slot.ts), or a Cluster refuses the call (CROSSSLOT).
   */
  async observeAfterHit(hit: WindowHit, o: Observation): Promise<{ hits: number; observed: Observed | null }> {
    await whenConnected(this.redis);
    const { keys, args } = this.scriptInput(o);
    const r = (await this.hitThenObserveScript([...keys, hit.key], [...args, String(hit.ttlMs), String(hit.limit)])) as Reply;
    const hits = Number(r[0]);
    return { hits, observed: r.length === 1 ? null : observedFrom(o, r.slice(1)) };
  }

  private scriptInput(o: Observation): { keys: string[]; args: string[] } {
    const { merchant: m, prefix, minute } = o;
    const window = windowMinutesOf(minute, o.windowMinutes);
    const k = this.keys;
    const keys = [
      k.destinations(m, prefix, minute),
      k.total(m, minute),
      k.prefixState(m, prefix),
      ...window.map((w) => k.destinations(m, prefix, w)),
      ...window.map((w) => k.verified(m, prefix, w)),
      ...window.map((w) => k.total(m, w)),
      ...o.signals.flatMap((s) => [k.signal(m, s, minute), k.signalBlock(m, s), ...window.map((w) => k.signal(m, s, w))]),
      ...window.map((w) => k.verifiedAll(m, w)),
    ];
    const args = [o.destination, String(bucketTtlMs(o.windowMinutes)), String(window.length), String(o.signals.length), String(o.signalLimit), String(UNSETTLED_MINUTES)];
    return { keys, args };
  }

  async recordVerified(merchant: string, prefix: string, minute: number, windowMinutes: number): Promise<void> {
    await whenConnected(this.redis);
    await this.countVerifiedScript([this.keys.verified(merchant, prefix, minute), this.keys.verifiedAll(merchant, minute)], [String(bucketTtlMs(windowMinutes))]);
  }

  async blockPrefix(merchant: string, prefix: string, reason: string, ttlMs: number): Promise<boolean> {
    await whenConnected(this.redis);
    return (await this.redis.set(this.keys.prefixState(merchant, prefix), `block:${reason}`, "PX", ttlMs, "NX")) === "OK";
  }

  async blockSignal(merchant: string, signal: string, ttlMs: number): Promise<boolean> {
    await whenConnected(this.redis);
    return (await this.redis.set(this.keys.signalBlock(merchant, signal), "1", "PX", ttlMs, "NX")) === "OK";
  }

  async trustPrefix(merchant: string, prefix: string, ttlMs: number, minute: number, windowMinutes: number): Promise<void> {
    await whenConnected(this.redis);
    const buckets = windowMinutesOf(minute, windowMinutes).map((w) => this.keys.destinations(merchant, prefix, w));
    await this.redis.pipeline().set(this.keys.prefixState(merchant, prefix), "trust", "PX", ttlMs).del(...buckets).exec();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

type Reply = (number | string | null)[];

function observedFrom(o: Observation, r: Reply): Observed {
  return {
    distinct: Number(r[0]),
    verified: Number(r[1]),
    total: Number(r[2]),
    recentTotal: Number(r[3]),
    prefixState: typeof r[4] === "string" ? r[4] : null,
    settledDistinct: Number(r[5]),
    merchantVerified: Number(r[6]),
    signals: o.signals.map((_, i) => ({ distinct: Number(r[7 + i * 2]), blocked: Number(r[8 + i * 2]) === 1 })),
  };
}
