import Redis from "ioredis";

/**
 * A client that fails a command at once when Redis is unreachable (no offline queue, no
 * retries) instead of holding the request; its users fall back to in-process state.
 */
export function failFastRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 500, commandTimeout: 250, retryStrategy: (times) => Math.min(times * 200, 2000) });
  // Without a listener ioredis prints "Unhandled error event" on every reconnect attempt; the stores report state changes instead.
  redis.on("error", () => undefined);
  return redis;
}
