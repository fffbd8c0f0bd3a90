// The dashboard throttles keep working when Redis does not: like the /v3 limiter
// (src/server/http/rate-limit), they fall back to this process's own counts, so an
// outage costs sharing between instances, never sign-in or sign-up. The outage is
// logged once when it starts and once when it ends, not once per request.
import { failFastRedis } from "@/server/lib/fail-fast-redis";
import type { LoginThrottleStore } from "./login-throttle";
import { log, messageOf } from "@/server/log";

export const throttleRedisClient = failFastRedis;

export class FallbackThrottleStore implements LoginThrottleStore {
  private degraded = false;

  constructor(private readonly primary: LoginThrottleStore, private readonly fallback: LoginThrottleStore) {}

  increment(key: string): Promise<number> {
    return this.either((store) => store.increment(key));
  }

  forgive(key: string): Promise<void> {
    return this.either((store) => store.forgive(key));
  }

  clear(key: string): Promise<void> {
    return this.either((store) => store.clear(key));
  }

  remember(key: string, seconds: number): Promise<void> {
    return this.either((store) => store.remember(key, seconds));
  }

  recalls(key: string): Promise<boolean> {
    return this.either((store) => store.recalls(key));
  }

  async close(): Promise<void> {
    await this.primary.close?.();
  }

  private async either<T>(run: (store: LoginThrottleStore) => Promise<T>): Promise<T> {
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
      return run(this.fallback);
    }
  }
}
