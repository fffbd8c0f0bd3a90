// Requests that arrive while the app's Redis client is (re)connecting wait for that one
// attempt together: one pair of listeners per attempt, not one per request, so a burst of
// requests during a reconnection makes Node print no "MaxListenersExceededWarning".
import net from "node:net";
import { afterEach, describe, expect, inject, it } from "vitest";
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";
import { whenConnected } from "@/server/redis/redis-with-stand-in";

const REDIS_URL = inject("redisUrl");
const clients: RedisClient[] = [];
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
  clients.splice(0).forEach((c) => c.disconnect());
});

function client(url: string): RedisClient {
  const redis = failFastRedis(url);
  clients.push(redis);
  return redis;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("whenConnected", () => {
  it("lets 50 requests that arrive while connecting wait on one pair of listeners, then all go on once connected", async () => {
    process.on("warning", onWarning);
    const redis = client(REDIS_URL);
    expect(redis.status).toBe("connecting");
    const before = { ready: redis.listenerCount("ready"), close: redis.listenerCount("close") };
    const waits = Array.from({ length: 50 }, () => whenConnected(redis));
    expect(redis.listenerCount("ready") - before.ready).toBe(1);
    expect(redis.listenerCount("close") - before.close).toBe(1);
    await Promise.all(waits);
    expect(redis.status).toBe("ready");
    expect(redis.listenerCount("ready")).toBe(before.ready);
    expect(redis.listenerCount("close")).toBe(before.close);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    // Connected: no wait and no listener at all.
    await whenConnected(redis);
    expect(redis.listenerCount("ready")).toBe(before.ready);
  });

  it("lets them all go on when the attempt fails, and a later attempt gets a wait of its own", async () => {
    process.on("warning", onWarning);
    const redis = client(`redis://127.0.0.1:${await closedPort()}`);
    const before = redis.listenerCount("close");
    const first = Array.from({ length: 30 }, () => whenConnected(redis));
    expect(redis.listenerCount("close") - before).toBe(1);
    await Promise.all(first);
    expect(redis.status).not.toBe("ready");
    expect(redis.listenerCount("close")).toBe(before);
    // The client retries (fail-fast-redis's reconnect delay); requests during that attempt wait on it.
    await new Promise<void>((resolve) => redis.once("connecting", () => resolve()));
    const second = Array.from({ length: 30 }, () => whenConnected(redis));
    expect(redis.listenerCount("close") - before).toBe(1);
    await Promise.all(second);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
  });
});
