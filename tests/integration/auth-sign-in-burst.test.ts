// 40 wrong passwords for one e-mail and address sent at once are checked at most 5
// times through the store the app really uses (Redis shared between instances, this
// process's own count beside it): with Redis healthy, with Redis unreachable (the
// in-memory fallback), and with Redis coming up in the middle of the guessing, when
// part of the attempts could not reach it and the rest could.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "@/server/services/accounts/password-attempts";
import { MemoryThrottleStore, RedisThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";
import { signInWithPassword, type SignInResult } from "@/server/auth/password-sign-in";
import { FallbackThrottleStore } from "@/server/throttle/fallback-throttle-store";
import { failFastRedis } from "@/server/redis/fail-fast-redis";
import { createMerchant } from "@/server/services/merchants/merchants";
import { freePort, startRedisServer } from "../harness/redis-server";
import { waitFor } from "../harness/wait-for";
import { captureLog } from "../harness/log-lines";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The store getThrottleStore builds for a REDIS_URL, on its own client and key prefix. */
function appStore(url: string): { store: ThrottleStore; status: () => string } {
  const client = failFastRedis(url);
  cleanups.push(async () => client.disconnect());
  return { store: new FallbackThrottleStore(new RedisThrottleStore(client, `test:burst:${randomBytes(6).toString("hex")}:`), new MemoryThrottleStore()), status: () => client.status };
}

const checked = (results: SignInResult[]) => results.filter((r) => r.ok || r.reason === "invalid").length;

function guesses(store: ThrottleStore, count: number, from: number): Promise<SignInResult[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => signInWithPassword({ email: "owner@toko.id", password: `salah-${from + i}`, ip: "203.0.113.9" }, store)));
}

describe("40 simultaneous wrong passwords through the app's throttle store", () => {
  it("checks at most 5 with Redis reachable", async () => {
    await createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
    const { store, status } = appStore(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    await waitFor(() => status() === "ready", { timeoutMs: 5_000, what: "the throttle's Redis client to connect" });
    expect(checked(await guesses(store, 40, 0))).toBe(MAX_FAILURES);
  });

  it("checks at most 5 with Redis unreachable (the in-memory fallback)", async () => {
    await createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
    const { store } = appStore(`redis://127.0.0.1:${await freePort()}`);
    const logged = captureLog();
    const results = await guesses(store, 40, 0).finally(logged.restore);
    expect(checked(results)).toBe(MAX_FAILURES);
  });

  it("checks at most 5 when Redis comes up halfway: 20 guesses before, 20 after", async () => {
    await createMerchant({ name: "Toko", email: "owner@toko.id", password: "benar-sekali" });
    const port = await freePort();
    const { store, status } = appStore(`redis://127.0.0.1:${port}`);
    const logged = captureLog();
    try {
      const before = await guesses(store, 20, 0);
      const redis = await startRedisServer(port);
      cleanups.push(redis.stop);
      await waitFor(() => status() === "ready", { timeoutMs: 10_000, what: "the throttle's Redis client to reconnect" });
      const after = await guesses(store, 20, 20);
      expect(checked([...before, ...after])).toBe(MAX_FAILURES);
    } finally {
      logged.restore();
    }
  });
});
