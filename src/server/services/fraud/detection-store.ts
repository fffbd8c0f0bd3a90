// Which store detection uses: Redis when REDIS_URL is set (every instance sees every
// attempt), this process's memory otherwise, and that memory standing in while Redis
// does not answer (src/server/redis/redis-with-stand-in.ts): detection goes per
// instance rather than refusing or delaying creations.
import { failFastRedis } from "@/server/redis/fail-fast-redis";
import { RedisWithStandIn, storePerRedisUrl } from "@/server/redis/redis-with-stand-in";
import { forgetBaselines } from "./baseline";
import { forgetListsForTests } from "./lists";
import type { FraudStore } from "./detection-state";
import { MemoryFraudStore } from "./memory-store";
import { RedisFraudStore } from "./redis-store";

export class FallbackFraudStore implements FraudStore {
  /** The degrade state: runTogether() needs it for the call that carries the rate limit's hit. */
  readonly shared: RedisWithStandIn<FraudStore>;

  constructor(readonly primary: RedisFraudStore, standIn: FraudStore = new MemoryFraudStore()) {
    this.shared = new RedisWithStandIn("fraud guard", primary, standIn);
  }

  observe: FraudStore["observe"] = (o) => this.shared.run((s) => s.observe(o));
  recordVerified: FraudStore["recordVerified"] = (...a) => this.shared.run((s) => s.recordVerified(...a));
  blockPrefix: FraudStore["blockPrefix"] = (...a) => this.shared.run((s) => s.blockPrefix(...a));
  blockSignal: FraudStore["blockSignal"] = (...a) => this.shared.run((s) => s.blockSignal(...a));
  trustPrefix: FraudStore["trustPrefix"] = (...a) => this.shared.run((s) => s.trustPrefix(...a));

  close(): Promise<void> {
    return this.shared.close();
  }
}

const perProcess = storePerRedisUrl("FraudStore", (url): FraudStore => (url ? new FallbackFraudStore(new RedisFraudStore(failFastRedis(url))) : new MemoryFraudStore()));

export const getFraudStore = perProcess.get;

/** Tests reuse merchant ids (every test empties the tables): start each with no detection state. */
export function resetFraudStateForTests(): void {
  void perProcess.reset();
  forgetBaselines();
  forgetListsForTests();
}
