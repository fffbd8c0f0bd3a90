import type { RedisClient } from "./fail-fast-redis";

export type RedisScript = (keys: string[], args: string[]) => Promise<unknown>;

/**
 * A Lua script called by its SHA1 (EVALSHA): the body crosses the wire, and Redis hashes
 * it, only when Redis does not know it yet (first call, or after a restart or SCRIPT
 * FLUSH, when ioredis resends it with EVAL), not on every call as EVAL would. On a
 * Cluster each node learns the script the same way, the first time a key of its slots
 * is used. Every key of one call must hash to one slot (share a {hash tag}), or a
 * Cluster refuses the call with CROSSSLOT.
 */
export function redisScript(redis: RedisClient, name: string, lua: string): RedisScript {
  redis.defineCommand(name, { lua });
  const command = (redis as unknown as Record<string, (...args: (string | number)[]) => Promise<unknown>>)[name];
  return (keys, args) => command.call(redis, keys.length, ...keys, ...args);
}
