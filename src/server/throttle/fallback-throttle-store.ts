// The dashboard throttles with REDIS_URL: counts in Redis, shared by every instance,
// under the one degrade policy (src/server/redis/redis-with-stand-in.ts). The
// throttles guard against password guessing, so this process also counts every event
// itself, always, and a count is the larger of the shared one and its own: counting
// here only when Redis failed let calls that straddle the failure (a connection still
// opening, a timed-out command) start from a fresh local count beside the shared one,
// and more guesses than the limit were checked. The local count is taken
// synchronously, so within one process simultaneous attempts get distinct numbers.
import { RedisWithStandIn, type RedisBacked } from "@/server/redis/redis-with-stand-in";
import type { ThrottleStore } from "./throttle-store";

export class FallbackThrottleStore implements ThrottleStore {
  private readonly shared: RedisWithStandIn<ThrottleStore>;

  constructor(primary: ThrottleStore & RedisBacked, private readonly local: ThrottleStore) {
    this.shared = new RedisWithStandIn("sign-in throttle", primary, local);
  }

  async increment(key: string): Promise<number> {
    const local = this.local.increment(key);
    const shared = await this.sharedValue((store) => store.increment(key));
    return Math.max(shared ?? 0, await local);
  }

  async forgive(key: string): Promise<void> {
    await Promise.all([this.sharedValue((store) => store.forgive(key)), this.local.forgive(key)]);
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.sharedValue((store) => store.clear(key)), this.local.clear(key)]);
  }

  async remember(key: string, seconds: number): Promise<void> {
    await Promise.all([this.sharedValue((store) => store.remember(key, seconds)), this.local.remember(key, seconds)]);
  }

  async recalls(key: string): Promise<boolean> {
    return (await this.sharedValue((store) => store.recalls(key))) === true || this.local.recalls(key);
  }

  async close(): Promise<void> {
    await this.shared.close();
  }

  private async sharedValue<T>(call: (store: ThrottleStore) => Promise<T>): Promise<T | undefined> {
    const answer = await this.shared.sharedAnswer(call);
    return answer.ok ? answer.value : undefined;
  }
}
