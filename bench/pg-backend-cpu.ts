// `npx tsx bench/pg-backend-cpu.ts`: PostgreSQL's CPU per /v3 creation and verification,
// measured on the backends that serve the app's connections, with no HTTP load
// generator in the way. The route handlers run in this process (`.direct`, as in
// hot-path-steps.ts) against a fresh database, PGCPU_CONCURRENCY at a time; before and
// after each run the CPU time of every client backend of that database is read from
// /proc/<pid>/schedstat (nanoseconds, where /proc/<pid>/stat counts 10 ms ticks). The
// server's own processes (WAL writer, checkpointer, autovacuum) and other databases'
// backends are left out, so a shared server moves the figure little. First, through the
// counting proxy and one request at a time: statements, ReadyForQuery messages (round
// trips), those inside a transaction, and waits per request.
// Prints figures, asserts nothing. Knobs: PGCPU_N (2000 requests per run), PGCPU_ROUNDS
// (3), PGCPU_CONCURRENCY (8), BENCH_PG_ADMIN_URL (the server; the database `sandi_pgcpu`
// is recreated there, on the same machine: /proc is read), REDIS_URL (default
// redis://127.0.0.1:6379; the merchants' rate limit is far above the load).
import { readFileSync } from "node:fs";
import { adminQuery, dropDatabase, recreateDatabase } from "./lib/database";
import { PgCounterProxy, type WireCounts } from "./lib/pg-counter-proxy";
import { median } from "./lib/repeats";

const N = Number(process.env.PGCPU_N ?? 2000);
const ROUNDS = Number(process.env.PGCPU_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.PGCPU_CONCURRENCY ?? 8);
const COUNTED = 200;
const DB = "sandi_pgcpu";

type Call = (i: number) => Promise<unknown>;

/** CPU nanoseconds of the database's client backends, by pid. */
async function backendCpu(): Promise<Map<number, number>> {
  const rows = await adminQuery<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'", [DB]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // Ended between the query and the read.
    }
  }
  return cpu;
}

function usedUs(before: Map<number, number>, after: Map<number, number>): number {
  let ns = 0;
  for (const [pid, t] of after) ns += t - (before.get(pid) ?? 0);
  return ns / 1000;
}

async function main(): Promise<void> {
  const url = await recreateDatabase(DB);
  Object.assign(process.env, {
    DATABASE_URL: url,
    NODE_ENV: "production",
    LOG_REQUESTS: "0",
    FRAUD_GUARD_DEFAULT: "off",
    OTP_PEPPER: "s".repeat(40),
    SESSION_SECRET: "s".repeat(40),
    PAYMENT_LINK_SECRET: "s".repeat(40),
  });
  (globalThis as Record<string, unknown>).__sandiPeerFront = true;
  const { resetEnvForTests } = await import("@/env");
  const { disconnectDb } = await import("@/server/db/client");
  const { flushApiLog } = await import("@/server/services/api-log/api-log-writer");
  const { createMerchant } = await import("@/server/services/merchants/merchants");
  const request = await import("@/app/v3/request/route");
  const send = await import("@/app/v3/send/route");
  const verifyRoute = await import("@/app/v3/verify/route");

  const keys: string[] = [];
  for (let i = 0; i < 8; i++) {
    keys.push((await createMerchant({ name: `PgCpu ${i}`, email: `pgcpu${i}@bench.test`, brandName: "TokoKu", saldo: 1_000_000_000, rateLimit: 100_000 })).api_key);
  }
  const incoming = (pathname: string, key: string, body: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "x-sandi-peer-address": "127.0.0.1", "content-type": "application/json" };
    const text = JSON.stringify(body);
    return { method: "POST", pathname, search: "", header: (name: string) => headers[name.toLowerCase()] ?? null, body: async () => ({ ok: true as const, text }) };
  };
  const ok = async (answer: Promise<{ status: number; body: string }>) => {
    const a = await answer;
    if (a.status !== 200) throw new Error(`answered ${a.status}: ${a.body.slice(0, 300)}`);
    return JSON.parse(a.body).data as { otp_id: string };
  };
  let phone = 0;
  // The sandbox fails every number ending in 0000: those are skipped.
  const destination = (): string => {
    const d = `62812${String(10_000_000 + (((phone += 1) * 7919) % 89_999_999))}`;
    return d.endsWith("0000") ? destination() : d;
  };
  const create: Call = (i) => ok(request.POST.direct(incoming("/v3/request", keys[i % keys.length], { channel: "sms", destination: destination() }), {}));
  let verifiable: { key: string; otpId: string; code: string }[] = [];
  const made = async (n: number) => {
    const out: typeof verifiable = [];
    for (let i = 0; i < n; i++) {
      const key = keys[i % keys.length];
      const code = String(100_000 + ((i * 7919) % 899_999));
      out.push({ key, otpId: (await ok(send.POST.direct(incoming("/v3/send", key, { channel: "sms", destination: destination(), otp: code }), {}))).otp_id, code });
    }
    return out;
  };
  const verify: Call = (i) => {
    const o = verifiable[i];
    return ok(verifyRoute.POST.direct(incoming("/v3/verify", o.key, { otp_id: o.otpId, otp: o.code }), {}));
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  // Counting, one at a time, through the proxy.
  const target = new URL(url);
  const proxy = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(await proxy.listen());
  await disconnectDb();
  process.env.DATABASE_URL = proxied.toString();
  resetEnvForTests();
  const counted: Record<string, Partial<WireCounts>> = {};
  for (const [name, call] of Object.entries({ creation: create, verification: verify })) {
    if (name === "verification") verifiable = await made(COUNTED + 20);
    for (let i = 0; i < 20; i++) await call(i);
    await settle();
    const before = proxy.snapshot();
    for (let i = 0; i < COUNTED; i++) await call(20 + i);
    await settle();
    const after = proxy.snapshot();
    const keysOf = ["statements", "transactionControl", "roundTrips", "roundTripsInTransaction", "waits", "transactions", "rollbacks"] as const;
    counted[name] = Object.fromEntries(keysOf.map((k) => [k, (after[k] - before[k]) / COUNTED]));
  }
  await flushApiLog();
  await disconnectDb();
  await proxy.close();
  process.env.DATABASE_URL = url;
  resetEnvForTests();

  // CPU, CONCURRENCY at a time, direct.
  const run = async (call: Call) => {
    let next = 0;
    const before = await backendCpu();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) await call(next++);
      }),
    );
    // The API log's batch of these requests is written before the reading.
    await flushApiLog();
    return usedUs(before, await backendCpu()) / N;
  };
  for (let i = 0; i < 300; i++) await create(i);
  const cpu: Record<string, number[]> = { creation: [], verification: [] };
  for (let round = 0; round < ROUNDS; round++) {
    cpu.creation.push(await run(create));
    verifiable = await made(N);
    await settle();
    cpu.verification.push(await run(verify));
  }
  await flushApiLog();
  await disconnectDb();
  await dropDatabase(DB);

  const f = (x: number | undefined) => (x === undefined ? "" : String(Math.round(x * 100) / 100));
  console.log(`${N} requests per run, ${ROUNDS} rounds, ${CONCURRENCY} at a time; counts from ${COUNTED} requests one at a time`);
  console.log("| Request | PostgreSQL backend CPU µs (median, min–max) | statements (transaction control) | round trips (inside a transaction) | waits | transactions |");
  console.log("|---|---|---|---|---|---|");
  for (const name of Object.keys(cpu)) {
    const c = counted[name];
    const xs = cpu[name];
    console.log(
      `| ${name} | ${Math.round(median(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}) | ${f(c.statements)} (${f(c.transactionControl)}) | ${f(c.roundTrips)} (${f(c.roundTripsInTransaction)}) | ${f(c.waits)} | ${f(c.transactions)} |`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
