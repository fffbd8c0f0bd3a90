// The same state in this process: used without REDIS_URL (one instance), and standing
// in while Redis does not answer, so detection keeps working per instance.
import { bucketTtlMs, keyNames, UNSETTLED_MINUTES, windowMinutesOf, type FraudStore, type Observation, type Observed } from "./detection-state";

const keys = keyNames("");

type Entry = { until: number; value: string | number | Set<string> };

export class MemoryFraudStore implements FraudStore {
  private readonly entries = new Map<string, Entry>();

  async observe(o: Observation): Promise<Observed> {
    const { merchant: m, prefix, minute } = o;
    const window = windowMinutesOf(minute, o.windowMinutes);
    const ttl = bucketTtlMs(o.windowMinutes);
    const signals = o.signals.map((s) => {
      this.add(keys.signal(m, s, minute), o.destination, ttl);
      return { distinct: this.union(window.map((w) => keys.signal(m, s, w))), blocked: this.read(keys.signalBlock(m, s)) !== undefined };
    });
    // As in the Redis script: a flagged signal's attempt stays out of the prefix's counts.
    if (!signals.some((s) => s.blocked || s.distinct > o.signalLimit)) {
      this.add(keys.destinations(m, prefix, minute), o.destination, ttl);
      this.increment(keys.total(m, minute), ttl);
    }
    return {
      distinct: this.union(window.map((w) => keys.destinations(m, prefix, w))),
      verified: this.sum(window.map((w) => keys.verified(m, prefix, w))),
      total: this.sum(window.map((w) => keys.total(m, w))),
      recentTotal: this.sum(window.slice(0, 2).map((w) => keys.total(m, w))),
      prefixState: (this.read(keys.prefixState(m, prefix)) as string | undefined) ?? null,
      settledDistinct: this.union(window.slice(UNSETTLED_MINUTES).map((w) => keys.destinations(m, prefix, w))),
      merchantVerified: this.sum(window.map((w) => keys.verifiedAll(m, w))),
      signals,
    };
  }

  async recordVerified(merchant: string, prefix: string, minute: number, windowMinutes: number): Promise<void> {
    this.increment(keys.verified(merchant, prefix, minute), bucketTtlMs(windowMinutes));
    this.increment(keys.verifiedAll(merchant, minute), bucketTtlMs(windowMinutes));
  }

  async blockPrefix(merchant: string, prefix: string, reason: string, ttlMs: number): Promise<boolean> {
    return this.setIfAbsent(keys.prefixState(merchant, prefix), `block:${reason}`, ttlMs);
  }

  async blockSignal(merchant: string, signal: string, ttlMs: number): Promise<boolean> {
    return this.setIfAbsent(keys.signalBlock(merchant, signal), "1", ttlMs);
  }

  async trustPrefix(merchant: string, prefix: string, ttlMs: number, minute: number, windowMinutes: number): Promise<void> {
    this.entries.set(keys.prefixState(merchant, prefix), { until: Date.now() + ttlMs, value: "trust" });
    for (const w of windowMinutesOf(minute, windowMinutes)) this.entries.delete(keys.destinations(merchant, prefix, w));
  }

  private read(key: string): Entry["value"] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  private setIfAbsent(key: string, value: string, ttlMs: number): boolean {
    if (this.read(key) !== undefined) return false;
    this.entries.set(key, { until: Date.now() + ttlMs, value });
    return true;
  }

  private add(key: string, member: string, ttlMs: number): void {
    const set = this.read(key);
    if (set instanceof Set) set.add(member);
    else this.entries.set(key, { until: Date.now() + ttlMs, value: new Set([member]) });
    if (this.entries.size > 100_000) this.sweep();
  }

  private increment(key: string, ttlMs: number): void {
    const n = this.read(key);
    if (typeof n === "number") this.entries.get(key)!.value = n + 1;
    else this.entries.set(key, { until: Date.now() + ttlMs, value: 1 });
  }

  private union(keyList: string[]): number {
    const all = new Set<string>();
    for (const k of keyList) {
      const set = this.read(k);
      if (set instanceof Set) for (const member of set) all.add(member);
    }
    return all.size;
  }

  private sum(keyList: string[]): number {
    return keyList.reduce((acc, k) => {
      const n = this.read(k);
      return acc + (typeof n === "number" ? n : 0);
    }, 0);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }
}
