// Which store detection uses: Redis when REDIS_URL is set, this process's memory
// otherwise. Like the /v3 rate limit, an unreachable Redis fails open to the in-memory
// copy (per-instance detection) rather than refusing or delaying creations.
import { getEnv } from "@/env";
import { failFastRedis } from "@/server/lib/fail-fast-redis";
import { forgetBaselines } from "./baseline";
import { forgetListsForTests } from "./lists";
import { MemoryFraudStore } from "./memory-store";
import { RedisFraudStore } from "./redis-store";
import type { FraudStore } from "./store";
import { log, messageOf } from "@/server/log";
import { onShutdown } from "@/server/lifecycle.mjs";

// After a failure, calls go straight to the fallback for a while instead of each paying the timeout again.
const SKIP_AFTER_FAILURE_MS = 2000;

export class FallbackFraudStore implements FraudStore {
  private lastFailure = -Infinity;
  private degraded = false;

  constructor(private readonly primary: FraudStore, private readonly fallback: FraudStore = new MemoryFraudStore()) {}

  observe: FraudStore["observe"] = (o) => this.either((s) => s.observe(o));
  recordVerified: FraudStore["recordVerified"] = (...a) => this.either((s) => s.recordVerified(...a));
  blockPrefix: FraudStore["blockPrefix"] = (...a) => this.either((s) => s.blockPrefix(...a));
  blockSignal: FraudStore["blockSignal"] = (...a) => this.either((s) => s.blockSignal(...a));
  trustPrefix: FraudStore["trustPrefix"] = (...a) => this.either((s) => s.trustPrefix(...a));

  async close(): Promise<void> {
    await this.primary.close?.();
  }

  private async either<T>(run: (store: FraudStore) => Promise<T>): Promise<T> {
    if (performance.now() - this.lastFailure >= SKIP_AFTER_FAILURE_MS) {
      try {
        const result = await run(this.primary);
        if (this.degraded) {
          this.degraded = false;
          log.warn("fraud guard store reachable again; shared detection resumed");
        }
        return result;
      } catch (err) {
        this.lastFailure = performance.now();
        if (!this.degraded) {
          this.degraded = true;
          log.warn({ error: messageOf(err) }, "fraud guard store unavailable; detecting per instance");
        }
      }
    }
    return run(this.fallback);
  }
}

const holder = globalThis as unknown as { __sandiFraudStore?: { url: string | undefined; store: FraudStore } };
onShutdown("close", () => {
  const current = holder.__sandiFraudStore;
  holder.__sandiFraudStore = undefined;
  return current?.store.close?.();
});

export function getFraudStore(): FraudStore {
  const url = getEnv().REDIS_URL;
  if (!holder.__sandiFraudStore || holder.__sandiFraudStore.url !== url) {
    void holder.__sandiFraudStore?.store.close?.();
    const store = url ? new FallbackFraudStore(new RedisFraudStore(failFastRedis(url))) : new MemoryFraudStore();
    holder.__sandiFraudStore = { url, store };
  }
  return holder.__sandiFraudStore.store;
}

/** Tests reuse merchant ids (every test empties the tables): start each with no detection state. */
export function resetFraudStateForTests(): void {
  void holder.__sandiFraudStore?.store.close?.();
  delete holder.__sandiFraudStore;
  forgetBaselines();
  forgetListsForTests();
}
