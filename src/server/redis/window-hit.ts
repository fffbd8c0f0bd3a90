// The /v3 rate limit's hit in Lua: INCR of the window's key, which expires with its
// first hit. One definition for the two scripts that count it: the limiter's own
// (http/rate-limit/redis-store.ts, every request) and the creation's, where it leads
// the fraud guard's observation in one round trip (services/fraud/redis-store.ts).

/** Lua that leaves the window's count in `hits`; `key` and `ttlMs` are Lua expressions (KEYS[1], ARGV[1]). */
export function windowHitLua(key: string, ttlMs: string): string {
  return `local hits = redis.call('INCR', ${key})
if hits == 1 then redis.call('PEXPIRE', ${key}, ${ttlMs}) end`;
}
