// The dashboard throttles keep working when Redis does not: like the /v3 limiter
// (src/server/http/rate-limit), they fall back to this process's own counts, so an
// outage costs sharing between instances, never sign-in or sign-up. The outage is
// logged once when it starts and once when it ends, not once per request.
//
// This process counts every event itself too, always, and a count is the larger of
// the shared one and its own. Counting here only when Redis failed let one call that
// failed (a connection still opening, a timed-out command) start from a fresh local
// count of 1 beside the shared one: 6 of 40 simultaneous guesses were checked where
// the limit is 5. The local count is taken synchronously, so within one process
// simultaneous attempts always get distinct numbers, whatever Redis does.
import { failFastRedis } from "@/server/lib/fail-fast-redis";
import type { LoginThrottleStore } from "./login-throttle";
import { log, messageOf } from "@/server/log";

export const throttleRedisClient = failFastRedis;

export class FallbackThrottleStore implements LoginThrottleStore {
  private degraded = false;

  constructor(private readonly primary: LoginThrottleStore, private readonly local: LoginThrottleStore) {}

  async increment(key: string): Promise<number> {
    const local = this.local.increment(key);
    const shared = await this.shared((store) => store.increment(key));
    return Math.max(shared ?? 0, await local);
  }

  async forgive(key: string): Promise<void> {
    await Promise.all([this.shared((store) => store.forgive(key)), this.local.forgive(key)]);
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.shared((store) => store.clear(key)), this.local.clear(key)]);
  }

  async remember(key: string, seconds: number): Promise<void> {
    await Promise.all([this.shared((store) => store.remember(key, seconds)), this.local.remember(key, seconds)]);
  }

  async recalls(key: string): Promise<boolean> {
    return (await this.shared((store) => store.recalls(key))) === true || this.local.recalls(key);
  }

  async close(): Promise<void> {
    await this.primary.close?.();
  }

  /** The shared store's answer, or undefined while it cannot give one. */
  private async shared<T>(run: (store: LoginThrottleStore) => Promise<T>): Promise<T | undefined> {
    try {
      const result = await run(this.primary);
      if (this.degraded) {
        this.degraded = false;
        log.warn("sign-in throttle store reachable again; shared counts resumed");
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        log.warn({ error: messageOf(err) }, "sign-in throttle store unavailable; using in-memory counts");
      }
      return undefined;
    }
  }
}
