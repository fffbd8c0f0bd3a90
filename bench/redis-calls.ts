// The Redis calls on the /v3 hot path, timed alone: the rate-limit hit every request
// makes, and the fraud guard's observation every creation makes (one script over the
// merchant's keys). CALLS calls one after another (latency) and CALLS calls 32 at a
// time (throughput), against REDIS_URL: a server, a Sentinel group or a Cluster, the
// same forms the app takes. Prints figures; no pass or fail. Keys go under
// `bench:redis-calls:` and expire on their own (seconds for the limit, minutes for
// the fraud buckets); nothing else on that Redis is touched.
//
//   npx tsx bench/redis-calls.ts                    # redis://127.0.0.1:6379
//   REDIS_URL=redis-cluster://127.0.0.1:7000 CALLS=20000 npx tsx bench/redis-calls.ts
import { summarizeLatencies } from "./lib/percentiles";
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
  for (let i = 0; i < CALLS; i += PARALLEL) await Promise.all(Array.from({ length: PARALLEL }, (_, j) => counted(i + j)));
  const perSecond = CALLS / ((performance.now() - started) / 1000);
  const one = summarizeLatencies(latencies);
  console.log(
    `${name.padEnd(16)} one at a time: p50 ${one.p50.toFixed(0)} µs, p99 ${one.p99.toFixed(0)} µs; ${PARALLEL} at a time: ${Math.round(perSecond)} calls/s${failed ? `; ${failed} calls failed` : ""}`,
  );
}

async function main(): Promise<void> {
  console.log(`${REDIS_URL.replace(/\/\/[^@/]*@/, "//…@")}, ${CALLS} calls each`);
  const limiter = RedisRateLimitStore.connect(REDIS_URL, `${NAMESPACE}rl:`);
  const fraud = new RedisFraudStore(failFastRedis(REDIS_URL), NAMESPACE);
  const minute = Math.floor(Date.now() / 60_000);
  try {
    // 200 API keys, one window: as many keys as a busy instance sees in a second.
    await measure("rate-limit hit", (i) => limiter.hit(`key-${i % 200}`, Math.floor(Date.now() / 1000) * 1000, 1000));
    // 50 merchants, a few prefixes, one end-user signal: a creation's observation over the 10-minute window.
    await measure("fraud observe", (i) =>
      fraud.observe({
        merchant: String(i % 50),
        prefix: ["62811", "62812", "62813", "62857"][i % 4],
        destination: `6281${String(10_000_000 + i)}`,
        signals: [`signal-${i % 500}`],
        minute,
        windowMinutes: 10,
        signalLimit: 10,
      }),
    );
  } finally {
    await limiter.close();
    await fraud.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
