// The Redis calls on the /v3 hot path, timed alone: the rate-limit hit every request
// makes, the fraud guard's observation, and the one script a watched creation makes for
// both (against the two calls one after another, as before). CALLS calls one after another (latency) and CALLS calls 32 at a
// time (throughput), against REDIS_URL: a server, a Sentinel group or a Cluster, the
// same forms the app takes. Prints figures; no pass or fail. Keys go under
// `bench:redis-calls:` and expire on their own (seconds for the limit, minutes for
// the fraud buckets); nothing else on that Redis is touched.
//
//   npx tsx bench/redis-calls.ts                    # redis://127.0.0.1:6379
//   REDIS_URL=redis-cluster://127.0.0.1:7000 CALLS=20000 npx tsx bench/redis-calls.ts
import { summarizeLatencies } from "./lib/percentiles";
import { rateLimitKey } from "@/server/http/rate-limit/rate-limiter";
import { RedisRateLimitStore } from "@/server/http/rate-limit/redis-store";
import { failFastRedis } from "@/server/redis/fail-fast-redis";
import { RedisFraudStore } from "@/server/services/fraud/redis-store";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const CALLS = Number(process.env.CALLS ?? 5000);
const PARALLEL = 32;
const NAMESPACE = "bench:redis-calls:";

type Call = (i: number) => Promise<unknown>;

async function untilAnswering(call: Call): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await call(attempt);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${REDIS_URL} did not answer`);
}

async function measure(name: string, call: Call): Promise<void> {
  await untilAnswering(call);
  // A call over the app's 250 ms command timeout (a busy machine) is counted, not fatal.
  let failed = 0;
  const counted: Call = (i) => call(i).catch(() => (failed += 1));
  for (let i = 0; i < 500; i++) await counted(i); // warm-up: scripts loaded, connections settled
  failed = 0;
  const latencies: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await counted(i);
    latencies.push((performance.now() - started) * 1000);
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i += PARALLEL) await Promise.all(Array.from({ length: PARALLEL }, (_, j) => counted(i + j)));
  const used = process.cpuUsage(cpu);
  const perSecond = CALLS / ((performance.now() - started) / 1000);
  const one = summarizeLatencies(latencies);
  console.log(
    `${name.padEnd(18)} one at a time: p50 ${one.p50.toFixed(0)} µs, p99 ${one.p99.toFixed(0)} µs; ${PARALLEL} at a time: ${Math.round(perSecond)} calls/s, client CPU ${((used.user + used.system) / CALLS).toFixed(1)} µs per call${failed ? `; ${failed} calls failed` : ""}`,
  );
}

async function main(): Promise<void> {
  console.log(`${REDIS_URL.replace(/\/\/[^@/]*@/, "//…@")}, ${CALLS} calls each`);
  const limiter = RedisRateLimitStore.connect(REDIS_URL, `${NAMESPACE}rl:`);
  const fraud = new RedisFraudStore(failFastRedis(REDIS_URL), NAMESPACE);
  const minute = Math.floor(Date.now() / 60_000);
  try {
    // 200 API keys, one window: as many keys as a busy instance sees in a second.
    await measure("rate-limit hit", (i) => limiter.hit(rateLimitKey(i % 50, `key-${i % 200}`), Math.floor(Date.now() / 1000) * 1000, 1000));
    // 50 merchants, a few prefixes, one end-user signal: a creation's observation over the 10-minute window.
    const observation = (i: number) => ({
      merchant: String(i % 50),
      prefix: ["62811", "62812", "62813", "62857"][i % 4],
      destination: `6281${String(10_000_000 + i)}`,
      signals: [`signal-${i % 500}`],
      minute,
      windowMinutes: 10,
      signalLimit: 10,
    });
    await measure("fraud observe", (i) => fraud.observe(observation(i)));
    // A watched creation: the two calls one after another (as before), and the one script that does both.
    const limitKey = (i: number) => rateLimitKey(i % 50, `key-${i % 200}`);
    const window = () => Math.floor(Date.now() / 1000) * 1000;
    await measure("hit, then observe", async (i) => {
      await limiter.hit(limitKey(i), window(), 1000);
      await fraud.observe(observation(i));
    });
    await measure("hit and observe", (i) => fraud.observeAfterHit({ key: limiter.keyOf(limitKey(i), window()), ttlMs: 2000, limit: 1_000_000 }, observation(i)));
  } finally {
    await limiter.close();
    await fraud.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
