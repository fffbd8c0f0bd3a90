// The rate-limit store behind the /v3 limiter: in memory without REDIS_URL,
// Redis (one atomic Lua round trip) with it, shared by every app instance; when
// Redis is unreachable or stops answering, the limiter fails open to in-memory
// counts with a logged warning. Real Redis (the harness's, see global-setup.ts), a unique key
// prefix per test.
import { randomBytes } from "node:crypto";
import net from "node:net";
import Redis from "ioredis";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { resetEnvForTests } from "@/env";
import { MemoryRateLimitStore } from "@/server/http/rate-limit/memory-store";
import { RateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { RedisRateLimitStore } from "@/server/http/rate-limit/redis-store";
import { account, newMerchant } from "../../../harness/v3-fixtures";
import { captureLog } from "../../../harness/log-lines";
import { waitFor } from "../../../harness/wait-for";

const REDIS_URL = inject("redisUrl");
const closers: (() => Promise<void> | void)[] = [];
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const close of closers) await close();
});

const uniquePrefix = () => `test:rl:${randomBytes(6).toString("hex")}:`;
function redisStore(prefix: string, url = REDIS_URL): RedisRateLimitStore {
  const store = RedisRateLimitStore.connect(url, prefix);
  closers.push(() => store.close());
  return store;
}
async function readCount(key: string): Promise<number | null> {
  const client = new Redis(REDIS_URL);
  try {
    const v = await client.get(key);
    return v === null ? null : Number(v);
  } finally {
    client.disconnect();
  }
}

/** A TCP proxy to Redis that can hold traffic, like a Redis paused with SIGSTOP (bytes are kept, not lost). */
async function pausableRedisProxy(): Promise<{ url: string; pause: () => void; resume: () => void }> {
  const target = new URL(REDIS_URL);
  let paused = false;
  const held: (() => void)[] = [];
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => (paused ? held.push(() => to.write(chunk)) : to.write(chunk)));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => (client.destroy(), upstream.destroy()));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      for (const flush of held.splice(0)) flush();
    },
  };
}

const windowStart = 1_800_000_000_000; // a window start: every hit below at +ms shares one window

describe("rate-limit stores", () => {
  it("in memory: counts hits per key in fixed one-second windows", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const decisions = [];
    for (let i = 0; i < 21; i++) decisions.push(await limiter.check("key-a", 20, windowStart + 10));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions[20]).toMatchObject({ allowed: false, remaining: 0, limit: 20, resetMs: 990 });
    expect((await limiter.check("key-b", 20, windowStart + 10)).allowed).toBe(true);
    expect((await limiter.check("key-a", 20, windowStart + 1000)).allowed).toBe(true);
  });

  it("in Redis: concurrent hits from two connections are counted atomically, each count handed out once", async () => {
    const prefix = uniquePrefix();
    const [a, b] = [redisStore(prefix), redisStore(prefix)];
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit("k", windowStart, 1000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await readCount(`${prefix}k:${windowStart}`)).toBe(40);
  });

  it("in Redis: two app instances (separate connections) share one limit per key", async () => {
    const prefix = uniquePrefix();
    const instanceA = new RateLimiter(redisStore(prefix));
    const instanceB = new RateLimiter(redisStore(prefix));
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? instanceA : instanceB).check("shared-key", 20, windowStart + 5)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(10);
    expect((await instanceA.check("shared-key", 20, windowStart + 1005)).allowed).toBe(true);
  });

  it("in Redis: a window's key expires by itself", async () => {
    const prefix = uniquePrefix();
    await redisStore(prefix).hit("k", windowStart, 1000);
    const client = new Redis(REDIS_URL);
    const ttl = await client.pttl(`${prefix}k:${windowStart}`);
    client.disconnect();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
  });

  it("in Redis: calls its script by SHA1, without sending the script's body again", async () => {
    const prefix = uniquePrefix();
    const store = redisStore(prefix);
    await store.hit("warm", windowStart, 1000);
    const stream = (store as unknown as { redis: { stream: { write: (...args: unknown[]) => boolean } } }).redis.stream;
    const written: string[] = [];
    const write = stream.write.bind(stream);
    stream.write = (chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    };
    expect(await store.hit("k", windowStart, 1000)).toBe(1);
    expect(written.join("")).toMatch(/evalsha/i);
    expect(written.join("")).not.toContain("redis.call");
  });

  it("in Redis: keeps counting after Redis forgot its scripts (a restart or SCRIPT FLUSH)", async () => {
    const prefix = uniquePrefix();
    const store = redisStore(prefix);
    expect(await store.hit("k", windowStart, 1000)).toBe(1);
    const client = new Redis(REDIS_URL);
    try {
      await client.script("FLUSH");
    } finally {
      client.disconnect();
    }
    expect(await store.hit("k", windowStart, 1000)).toBe(2);
  });
  it("fails open to in-memory counting, with a logged warning, when Redis refuses connections", async () => {
    const logged = captureLog();
    const limiter = new RateLimiter(redisStore("test:down:", "redis://127.0.0.1:1"));
    const decisions = [];
    for (let i = 0; i < 22; i++) decisions.push(await limiter.check("key", 20, windowStart + 1));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions.slice(20).every((d) => !d.allowed)).toBe(true);
    logged.restore();
    expect(logged.lines.filter((l) => l.level === "warn" && l.msg.includes("rate limit store unavailable"))).toHaveLength(1);
  });

  it("fails open when Redis stops answering, and counts in Redis again once it answers", async () => {
    captureLog(); // restored after the test; the warnings only need keeping off the output
    const proxy = await pausableRedisProxy();
    const prefix = uniquePrefix();
    const limiter = new RateLimiter(redisStore(prefix, proxy.url));
    expect((await limiter.check("k", 20, windowStart + 1)).remaining).toBe(19);
    expect(await readCount(`${prefix}k:${windowStart}`)).toBe(1);

    proxy.pause();
    // Without a command timeout these would wait for Redis forever (the test would time out).
    const during = await Promise.all(Array.from({ length: 25 }, () => limiter.check("k", 20, windowStart + 2000)));
    expect(during.filter((d) => d.allowed)).toHaveLength(20);

    proxy.resume();
    const nextWindow = windowStart + 10_000;
    let counted: number | null = null;
    await waitFor(
      async () => {
        await limiter.check("k", 20, nextWindow);
        counted = await readCount(`${prefix}k:${nextWindow}`);
        return counted !== null;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: "the limiter to count in Redis again" },
    );
    expect(counted).toBeGreaterThanOrEqual(1);
  });
});

describe("the /v3 wrapper with REDIS_URL set", () => {
  it("counts each request in Redis under the key's id, tagged with its merchant's slot", async () => {
    const previous = process.env.REDIS_URL;
    process.env.REDIS_URL = REDIS_URL;
    resetEnvForTests();
    try {
      const m = await newMerchant();
      const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: start + 100 });
      for (let i = 0; i < 3; i++) expect((await account(m.key)).status).toBe(200);
      vi.useRealTimers();
      expect(await readCount(`sandi:rl:{${m.id}}:${m.keyId}:${start}`)).toBe(3);
    } finally {
      vi.useRealTimers();
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
      resetEnvForTests();
    }
  });
});
