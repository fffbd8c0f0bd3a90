// Detection state in Redis: one pipeline per creation (write the attempt, read the
// window back), HyperLogLogs for distinct destinations (12 KB at most per key, and a
// destination is never stored in the clear), plain counters for verifications.
import type Redis from "ioredis";
import { bucketTtlMs, keyNames, windowMinutesOf, type FraudStore, type Observation, type Observed } from "./store";

const READY_WAIT_MS = 300;

export class RedisFraudStore implements FraudStore {
  private readonly keys: ReturnType<typeof keyNames>;

  /** `namespace` keeps two stores on one Redis apart (tests). */
  constructor(private readonly redis: Redis, namespace = "sandi:") {
    this.keys = keyNames(namespace);
  }

  async observe(o: Observation): Promise<Observed> {
    await this.ready();
    const { merchant: m, prefix, minute } = o;
    const ttl = bucketTtlMs(o.windowMinutes);
    const window = windowMinutesOf(minute, o.windowMinutes);
    const p = this.redis.pipeline();
    p.pfadd(this.keys.destinations(m, prefix, minute), o.destination).pexpire(this.keys.destinations(m, prefix, minute), ttl);
    p.incr(this.keys.total(m, minute)).pexpire(this.keys.total(m, minute), ttl);
    p.pfcount(...window.map((w) => this.keys.destinations(m, prefix, w)));
    p.mget(...window.map((w) => this.keys.verified(m, prefix, w)));
    p.mget(...window.map((w) => this.keys.total(m, w)));
    p.get(this.keys.prefixState(m, prefix));
    for (const s of o.signals) {
      p.pfadd(this.keys.signal(m, s, minute), o.destination).pexpire(this.keys.signal(m, s, minute), ttl);
      p.pfcount(...window.map((w) => this.keys.signal(m, s, w)));
      p.exists(this.keys.signalBlock(m, s));
    }
    const results = await p.exec();
    if (!results) throw new Error("fraud guard pipeline was not executed");
    const value = (i: number) => {
      const [err, v] = results[i];
      if (err) throw err;
      return v;
    };
    return {
      distinct: Number(value(4)),
      verified: sum(value(5) as (string | null)[]),
      total: sum(value(6) as (string | null)[]),
      prefixState: value(7) as string | null,
      signals: o.signals.map((_, i) => ({ distinct: Number(value(8 + i * 4 + 2)), blocked: Number(value(8 + i * 4 + 3)) === 1 })),
    };
  }

  async recordVerified(merchant: string, prefix: string, minute: number, windowMinutes: number): Promise<void> {
    await this.ready();
    const key = this.keys.verified(merchant, prefix, minute);
    await this.redis.pipeline().incr(key).pexpire(key, bucketTtlMs(windowMinutes)).exec();
  }

  async blockPrefix(merchant: string, prefix: string, reason: string, ttlMs: number): Promise<boolean> {
    await this.ready();
    return (await this.redis.set(this.keys.prefixState(merchant, prefix), `block:${reason}`, "PX", ttlMs, "NX")) === "OK";
  }

  async blockSignal(merchant: string, signal: string, ttlMs: number): Promise<boolean> {
    await this.ready();
    return (await this.redis.set(this.keys.signalBlock(merchant, signal), "1", "PX", ttlMs, "NX")) === "OK";
  }

  async trustPrefix(merchant: string, prefix: string, ttlMs: number, minute: number, windowMinutes: number): Promise<void> {
    await this.ready();
    const buckets = windowMinutesOf(minute, windowMinutes).map((w) => this.keys.destinations(merchant, prefix, w));
    await this.redis.pipeline().set(this.keys.prefixState(merchant, prefix), "trust", "PX", ttlMs).del(...buckets).exec();
  }

  /** Waits briefly for a (re)connecting client: the fail-fast client refuses commands until it is ready. */
  private async ready(): Promise<void> {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.redis.off("ready", onReady);
        reject(new Error(`Redis not ready (${this.redis.status})`));
      }, READY_WAIT_MS);
      this.redis.once("ready", onReady);
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

function sum(values: (string | null)[]): number {
  return values.reduce((acc, v) => acc + (v ? Number(v) : 0), 0);
}
