// State shared by every instance through Redis, with this process's memory standing
// in while Redis cannot answer. The one degrade policy of the /v3 rate limit, the
// dashboard throttles and the fraud guard (docs/configuration.md, "Redis"):
//   1. Redis first. A connection attempt under way gets up to CONNECT_WAIT_MS (each
//      Redis store calls whenConnected); a client waiting to reconnect fails at once
//      (fail-fast-redis.ts: no offline queue, no retries, 250 ms per command).
//   2. A failed call is answered by the stand-in, and so is every call in the
//      PAUSE_AFTER_FAILURE_MS after it (no call pays for a dead Redis twice); then one
//      call tries Redis again.
//   3. Fail open: nothing is refused because Redis is down; limits and detection
//      become per instance meanwhile.
//   4. Logged once when an outage starts and once when it ends, never per call.
// A caller that must not undercount across the moment Redis fails (the sign-in
// throttle) also records every call in its stand-in and takes the larger answer:
// sharedAnswer() gives it Redis's answer or nothing. One call on behalf of two stores
// (a creation's rate-limit hit and fraud observation, one script) goes through
// runTogether(): made only while neither is paused, its failure is each one's failure.
import { getEnv } from "@/env";
import { onShutdown } from "@/server/lifecycle.mjs";
import { log, messageOf } from "@/server/log";
import type { RedisClient } from "./fail-fast-redis";

export const CONNECT_WAIT_MS = 500;
export const PAUSE_AFTER_FAILURE_MS = 2000;

/** A store kept in Redis: its client tells whether Redis answers. */
export interface RedisBacked {
  readonly redis: RedisClient;
  close?(): Promise<void>;
}

export class RedisWithStandIn<S> {
  // performance.now(): monotonic, and not moved by tests that freeze Date.
  private pausedUntil = -Infinity;
  private degraded = false;

  /** `name` heads the outage's two log lines ("rate limit" → "rate limit store unavailable"). */
  constructor(private readonly name: string, readonly shared: S & RedisBacked, readonly standIn: S) {}

  /** Redis's answer, or the stand-in's when Redis cannot give one. */
  async run<T>(call: (store: S) => Promise<T>): Promise<T> {
    if (performance.now() < this.pausedUntil) return call(this.standIn);
    try {
      const value = await call(this.shared);
      if (this.degraded) this.recovered();
      return value;
    } catch (err) {
      this.failed(err);
      return call(this.standIn);
    }
  }

  /** Redis's answer, or `{ ok: false }` while it fails or during the pause after a failure. */
  async sharedAnswer<T>(call: (store: S) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (performance.now() < this.pausedUntil) return { ok: false };
    try {
      const value = await call(this.shared);
      if (this.degraded) this.recovered();
      return { ok: true, value };
    } catch (err) {
      this.failed(err);
      return { ok: false };
    }
  }

  /** In the pause after a failure: calls go to the stand-in without trying Redis. */
  get paused(): boolean {
    return performance.now() < this.pausedUntil;
  }

  /** A call made for this store elsewhere (runTogether) failed: as if its own had. */
  noteFailure(err: unknown): void {
    this.failed(err);
  }

  /** A call made for this store elsewhere (runTogether) was answered by Redis. */
  noteAnswer(): void {
    if (this.degraded) this.recovered();
  }

  private failed(err: unknown): void {
    this.pausedUntil = performance.now() + PAUSE_AFTER_FAILURE_MS;
    if (this.degraded) return;
    this.degraded = true;
    log.warn({ error: messageOf(err) }, `${this.name} store unavailable; this instance counts alone until Redis answers`);
  }

  private recovered(): void {
    this.degraded = false;
    log.warn(`${this.name} store reachable again; shared state resumed`);
  }

  /**
   * Connected and answering, as far as this process knows (read at scrape time). A
   * failed call counts too: a Cluster client stays ready while one node is down and
   * the keys on that node's slots are served by the stand-in.
   */
  get sharedAvailable(): boolean {
    return this.shared.redis.status === "ready" && performance.now() >= this.pausedUntil;
  }

  async close(): Promise<void> {
    await this.shared.close?.();
  }
}

/**
 * One Redis call that does the work of several stores (a script over keys of each, on
 * one slot), under the same policy: made only while none of them is paused; answered,
 * it counts as an answer for each; failed, as a failure of each (paused for
 * PAUSE_AFTER_FAILURE_MS, logged once). `undefined` means it was not answered: the
 * caller then makes each store's own call, which its stand-in answers at once.
 */
export async function runTogether<T>(stores: RedisWithStandIn<unknown>[], call: () => Promise<T>): Promise<T | undefined> {
  if (stores.some((s) => s.paused)) return undefined;
  try {
    const value = await call();
    for (const s of stores) s.noteAnswer();
    return value;
  } catch (err) {
    for (const s of stores) s.noteFailure(err);
    return undefined;
  }
}

/** The wait of the connection attempt under way, per client: every request that arrives meanwhile shares it. */
const connecting = new WeakMap<RedisClient, Promise<void>>();

/**
 * Waits while a connection attempt is under way (at most CONNECT_WAIT_MS); the command then fails fast if it did not connect.
 * One pair of listeners per attempt, however many requests wait: a listener each made Node warn of a leak
 * ("MaxListenersExceededWarning") whenever more than ten requests arrived during a (re)connection.
 */
export function whenConnected(redis: RedisClient): Promise<void> {
  const status = redis.status;
  if (status !== "connecting" && status !== "connect") return Promise.resolve();
  let wait = connecting.get(redis);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off("ready", done);
        redis.off("close", done);
        connecting.delete(redis);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_WAIT_MS);
      redis.once("ready", done);
      redis.once("close", done);
    });
    connecting.set(redis, wait);
  }
  return wait;
}

/**
 * One store per process for the configured REDIS_URL, shared by Next's bundle and the
 * /v3 bundle through globalThis, closed on shutdown; a changed URL (tests) gets a new one.
 */
export function storePerRedisUrl<S extends { close?(): Promise<void> }>(slot: string, create: (url: string | undefined) => S): { get: () => S; reset: () => Promise<void> } {
  const shared = globalThis as unknown as Record<string, { url: string | undefined; store: S } | undefined>;
  const key = `__sandi${slot}`;
  const reset = async () => {
    const current = shared[key];
    shared[key] = undefined;
    await current?.store.close?.();
  };
  onShutdown("close", reset);
  const get = () => {
    const url = getEnv().REDIS_URL;
    const current = shared[key];
    if (current && current.url === url) return current.store;
    void current?.store.close?.();
    const store = create(url);
    shared[key] = { url, store };
    return store;
  };
  return { get, reset };
}
