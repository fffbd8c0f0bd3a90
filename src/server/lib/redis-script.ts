import type Redis from "ioredis";

export type RedisScript = (keys: string[], args: string[]) => Promise<unknown>;

/**
 * A Lua script called by its SHA1 (EVALSHA): the body crosses the wire, and Redis hashes
 * it, only when Redis does not know it yet (first call, or after a restart or SCRIPT
 * FLUSH, when ioredis resends it with EVAL), not on every call as EVAL would.
 */
export function redisScript(redis: Redis, name: string, lua: string): RedisScript {
  redis.defineCommand(name, { lua });
  const command = (redis as unknown as Record<string, (...args: (string | number)[]) => Promise<unknown>>)[name];
  return (keys, args) => command.call(redis, keys.length, ...keys, ...args);
}
