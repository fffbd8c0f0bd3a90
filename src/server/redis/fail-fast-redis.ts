import Redis, { Cluster, type RedisOptions } from "ioredis";
import { parseRedisUrl } from "@/server/lib/redis-url";

/** What every Redis user holds: one server (directly or found through Sentinel) or a Cluster. */
export type RedisClient = Redis | Cluster;

// A Redis that accepts connections but stops answering (overloaded, paused) must not
// hold requests: a command gets this long, a connection attempt a little more.
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 500;
const reconnectDelay = (times: number) => Math.min(times * 200, 2000);

const failFast = { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: CONNECT_TIMEOUT_MS, commandTimeout: COMMAND_TIMEOUT_MS } satisfies RedisOptions;

/**
 * The one way the app connects to Redis, for every form REDIS_URL may take. The client
 * fails a command at once when Redis is unreachable (no offline queue, no retries)
 * instead of holding the request; its users fall back to in-process state.
 */
export function failFastRedis(url: string): RedisClient {
  const parsed = parseRedisUrl(url);
  // src/env.ts validated REDIS_URL already; a test or a bench may pass its own.
  if (!parsed.ok) throw new Error(`REDIS_URL: ${parsed.problem}`);
  const target = parsed.target;
  let client: RedisClient;
  if (target.mode === "standalone") {
    client = new Redis(url, { ...failFast, retryStrategy: reconnectDelay });
  } else if (target.mode === "sentinel") {
    client = new Redis({
      ...failFast,
      sentinels: target.sentinels,
      name: target.masterName,
      db: target.db,
      username: target.username,
      password: target.password,
      sentinelUsername: target.sentinelUsername,
      sentinelPassword: target.sentinelPassword,
      // rediss-sentinel://: TLS to the sentinels and to the master they name.
      sentinelTLS: target.tls ? {} : undefined,
      tls: target.tls ? {} : undefined,
      enableTLSForSentinelMode: target.tls,
      retryStrategy: reconnectDelay,
      sentinelRetryStrategy: reconnectDelay,
    });
  } else {
    client = new Cluster(target.nodes, {
      enableOfflineQueue: false,
      clusterRetryStrategy: reconnectDelay,
      // Redirections (MOVED/ASK while slots move) are followed; a node that is down is
      // not waited for long: the users' in-process fallback answers instead.
      retryDelayOnFailover: 50,
      retryDelayOnClusterDown: 50,
      maxRedirections: 4,
      slotsRefreshTimeout: CONNECT_TIMEOUT_MS * 2,
      redisOptions: { ...failFast, username: target.username, password: target.password, tls: target.tls ? {} : undefined },
    });
  }
  // Without a listener ioredis prints "Unhandled error event" on every reconnect attempt; the stores report state changes instead.
  client.on("error", () => undefined);
  return client;
}
