// `npm run bench`: the production build under load, and PostgreSQL's ceiling for
// the same SQL. Builds into NEXT_DIST_DIR (.next-bench), recreates the database
// BENCH_DB (sandi_bench) on this machine's PostgreSQL, starts the production server (serve.mjs, as `npm start` does) on a free
// loopback port, seeds merchants that are neither rate-limited nor short of
// credit, drives POST /v3/request, POST /v3/verify (per OTP a wrong code, then the
// right one) and GET /v3/otp/{id} from a second process (bench/load.ts), runs
// pgbench, and writes bench/results/.
//
// Knobs (env): BENCH_BUILD=always|auto|never, BENCH_DB, BENCH_PORT (3107),
// BENCH_MERCHANTS (8), BENCH_CONNECTIONS (24), BENCH_RATE (40 req/s),
// BENCH_SECONDS (10, per phase), DB_POOL_SIZE (10), REDIS_URL.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminQuery, recreateDatabase } from "./lib/database";
import { runLoad, TMP_DIR } from "./lib/load-client";
import { machineInfo } from "./lib/machine";
import { pgbench } from "./lib/pgbench";
import type { LoadPlan, PhaseResult } from "./lib/plan";
import { part, writeReport, type BenchReport } from "./lib/report";
import { buildApp, freePort, rssMiB, startApp, waitReady } from "./lib/server";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DB_NAME = process.env.BENCH_DB ?? "sandi_bench";
const MERCHANTS = num("BENCH_MERCHANTS", 8);
const CONNECTIONS = num("BENCH_CONNECTIONS", 24);
const RATE = num("BENCH_RATE", 40);
const SECONDS = num("BENCH_SECONDS", 10);
const POOL = num("DB_POOL_SIZE", 10);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function main(): Promise<void> {
  const started = new Date();
  mkdirSync(TMP_DIR, { recursive: true });
  const [{ version }] = await adminQuery<{ version: string }>("SELECT split_part(version(), ' on ', 1) AS version");
  const machine = machineInfo(version);
  console.log(JSON.stringify({ msg: "machine", ...machine }));

  const buildSeconds = buildApp();
  console.log(JSON.stringify({ msg: "build", seconds: buildSeconds }));

  const url = await recreateDatabase(DB_NAME);
  const secret = () => randomBytes(32).toString("base64url");
  const appEnv: Record<string, string> = {
    DATABASE_URL: url,
    REDIS_URL,
    LOG_REQUESTS: "0",
    RUN_WORKER_IN_APP: "0",
    DB_POOL_SIZE: String(POOL),
    DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e-bench",
    OTP_PEPPER: secret(),
    SESSION_SECRET: secret(),
    PAYMENT_LINK_SECRET: secret(),
  };
  Object.assign(process.env, appEnv);
  const { seedMerchants, deliveredCodes } = await import("./lib/seed");
  const { disconnectDb } = await import("@/server/db/client");
  const { keys } = await seedMerchants(MERCHANTS);

  const port = await freePort(num("BENCH_PORT", 3107));
  const app = await startApp({ port, env: appEnv, logFile: path.join(TMP_DIR, "server.log") });
  const phases: PhaseResult[] = [];
  let rssAfterLoad = 0;
  let sqlPerCreation: number | null = null;
  let supplySeconds = 0;
  let verifyOtps = 0;
  try {
    await waitReady(app.baseUrl, keys[0]);
    const base: Omit<LoadPlan, "phases"> = { baseUrl: app.baseUrl, keys, verifyItems: [], otpItems: [], serverPid: app.pid };

    const commits = async () => Number((await adminQuery<{ n: string }>("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1", [DB_NAME]))[0].n);
    await runLoad({ ...base, phases: [{ name: "warmup", parts: [{ name: "warmup", endpoint: "request", connections: 4, durationSec: 3 }] }] }, "warmup");
    await new Promise((r) => setTimeout(r, 1500));
    const before = await commits();
    const creation = await runLoad(
      {
        ...base,
        phases: [
          { name: "request-saturation", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: SECONDS + 5 }] },
          { name: "request-fixed", parts: [{ name: "request", endpoint: "request", connections: 8, durationSec: SECONDS, rate: RATE }] },
        ],
      },
      "creation",
    );
    await new Promise((r) => setTimeout(r, 1500));
    const created = creation.reduce((s, p) => s + p.parts.reduce((t, x) => t + (x.statuses["200"] ?? 0), 0), 0);
    sqlPerCreation = created ? Math.round(((await commits()) - before) / created * 10) / 10 : null;
    phases.push(...creation);

    // Each verify part takes one fresh OTP per two requests (a wrong code, then the
    // right one) and no OTP twice. Top the supply up, unmeasured, to what the verify
    // phases could take: saturation at up to 4× the creation rate, the fixed rates in full.
    const creationRate = part({ phases: creation }, "request-saturation")?.requestsPerSec || 50;
    const verifyRequestsBound = 4 * creationRate * SECONDS + RATE * SECONDS + Math.max(1, Math.round(RATE / 2)) * (SECONDS + 5);
    const otpsNeeded = Math.ceil(verifyRequestsBound / 2) + 2 * CONNECTIONS;
    let codes = await deliveredCodes(200_000);
    if (codes.length < otpsNeeded) {
      supplySeconds = Math.ceil((otpsNeeded - codes.length) / creationRate) + 2;
      await runLoad({ ...base, phases: [{ name: "verify-supply", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: supplySeconds }] }] }, "verify-supply");
      await new Promise((r) => setTimeout(r, 500));
      codes = await deliveredCodes(200_000);
    }
    verifyOtps = codes.length;
    const keyIndex = new Map<number, number>();
    const { getDb } = await import("@/server/db/client");
    const db = await getDb();
    const merchants = await db.merchant.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    merchants.forEach((m, i) => keyIndex.set(m.id, i));
    const items = codes.map((c) => ({ otpId: c.otpId, code: c.code, key: keyIndex.get(c.merchantId)! }));
    const rest = await runLoad(
      {
        ...base,
        verifyItems: items,
        otpItems: items.map(({ otpId, key }) => ({ otpId, key })),
        phases: [
          { name: "verify-saturation", parts: [{ name: "verify", endpoint: "verify", connections: CONNECTIONS, durationSec: SECONDS }] },
          { name: "verify-fixed", parts: [{ name: "verify", endpoint: "verify", connections: 8, durationSec: SECONDS, rate: RATE }] },
          { name: "otp-saturation", parts: [{ name: "otp", endpoint: "otp", connections: CONNECTIONS, durationSec: SECONDS }] },
          { name: "floor-saturation", parts: [{ name: "floor", endpoint: "floor", connections: CONNECTIONS, durationSec: Math.max(3, Math.round(SECONDS / 2)) }] },
          { name: "otp-fixed", parts: [{ name: "otp", endpoint: "otp", connections: 8, durationSec: SECONDS, rate: RATE }] },
          {
            // A merchant's usual shape: one creation, a couple of status polls, one verify.
            name: "mixed",
            parts: [
              { name: "request", endpoint: "request", connections: 4, durationSec: SECONDS + 5, rate: Math.max(1, Math.round(RATE / 2)) },
              { name: "otp", endpoint: "otp", connections: 4, durationSec: SECONDS + 5, rate: RATE },
              { name: "verify", endpoint: "verify", connections: 4, durationSec: SECONDS + 5, rate: Math.max(1, Math.round(RATE / 2)) },
            ],
          },
        ],
      },
      "rest",
    );
    phases.push(...rest);
    rssAfterLoad = rssMiB(app.pid);
  } finally {
    await app.stop();
  }

  // The database's ceiling for the same statements, with the app stopped.
  const wibDay = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const [range] = await adminQuery<{ min: string; max: string }>("SELECT min(id) AS min, max(id) AS max FROM otp_transactions", [], url);
  const counter = (label: string, sessionOptions?: string) =>
    pgbench({ label, url, script: "daily-counter.sql", sessionOptions, clients: POOL, durationSec: Math.max(3, Math.round(SECONDS / 2)), vars: { day: "2099-01-01" } });
  const pgbenchResults = [
    await pgbench({ url, script: "create-otp.sql", clients: POOL, durationSec: SECONDS, vars: { merchants: MERCHANTS, day: wibDay, price: 450 } }),
    await pgbench({ url, script: "verify-otp.sql", clients: POOL, durationSec: SECONDS, vars: { minid: range.min, maxid: range.max } }),
    // As the app runs it (async-commit-pool.ts), and with a normal commit to show why it does.
    await counter("daily-counter.sql", "-c synchronous_commit=off"),
    await counter("daily-counter.sql, normal commit"),
  ];

  const balance = await adminQuery<{ merchants: string; unbalanced: string; negative: string }>(
    `SELECT count(*) AS merchants,
            count(*) FILTER (WHERE m.saldo <> COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)) AS unbalanced,
            count(*) FILTER (WHERE m.saldo < 0) AS negative
     FROM merchants m`,
    [],
    url,
  );
  await disconnectDb();

  const report: BenchReport = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    totalSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    buildSeconds: Math.round(buildSeconds),
    machine,
    config: {
      merchants: MERCHANTS,
      saturationConnections: CONNECTIONS,
      fixedRate: RATE,
      phaseSeconds: SECONDS,
      DB_POOL_SIZE: POOL,
      pgbenchClients: POOL,
      redis: REDIS_URL,
      loadGenerator: "autocannon 9 in a separate Node process",
      hostname: os.hostname(),
      sourceTree: sourceTree(),
    },
    phases,
    pgbench: pgbenchResults,
    ratios: {},
    server: { rssMiBAfterLoad: rssAfterLoad, sqlTransactionsPerCreation: sqlPerCreation },
    verifySupply: { otps: verifyOtps, toppedUpForSeconds: supplySeconds },
    invariants: { merchants: Number(balance[0].merchants), ledgerBalanced: balance[0].unbalanced === "0", negativeSaldo: Number(balance[0].negative) },
  };
  const ratio = (phase: string, script: string) => {
    const http = part(report, phase)?.requestsPerSec;
    const tps = pgbenchResults.find((p) => p.label === script)?.tps;
    return http && tps ? Math.round((http / tps) * 1000) / 1000 : null;
  };
  report.ratios = { request: ratio("request-saturation", "create-otp.sql"), verify: ratio("verify-saturation", "verify-otp.sql"), otp: null };
  const file = writeReport(report);
  console.log(JSON.stringify({ msg: "done", file, seconds: report.totalSeconds, ratios: report.ratios, invariants: report.invariants }));
}

/** The commit the build was made from, and how many files differed from it (the build includes them). */
function sourceTree(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const changed = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).split("\n").filter(Boolean).length;
    return changed ? `${head} + ${changed} uncommitted files` : head;
  } catch {
    return "unknown";
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
