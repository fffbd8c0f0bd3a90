// `npm run bench:stalls`: where a fixed-rate phase's slow requests come from. One
// production build (as `npm start` ships it) on the bench's own PostgreSQL cluster with
// its logging turned up (statements over 25 ms, lock waits over 20 ms, autovacuum runs,
// checkpoints), a warm-up of creations at saturation, VACUUM ANALYZE (as the bench does,
// unless STALLS_ANALYZE=0), then creations (or reads of the warm-up's OTPs) open loop at
// STALLS_RATE. Every 500 ms it
// samples the server's own /metrics (the event loop's longest delay and the GC time since
// the last sample), the CPU of the app's process tree, of the cluster and of the machine,
// the VM's steal time, and the cluster's WAL flushes with the time spent in them; the answers are placed in the same windows. Then what the
// cluster logged during the run, each line at its second, and the statements that took
// the most time (pg_stat_statements). A slow window with a short event-loop delay and
// idle cores points outside the app; one with a long statement or autovacuum beside it
// points there. Prints figures, asserts nothing.
// Knobs: STALLS_ENDPOINT (request: POST /v3/request; otp: GET /v3/otp/{id}), STALLS_RATE
// (400 requests/s), STALLS_SECONDS (20), STALLS_WARM (4000 creations),
// STALLS_SLOW_MS (20: a window counts its answers slower than this), STALLS_ANALYZE (1),
// REDIS_URL (redis://127.0.0.1:6379/5), BENCH_BUILD (auto); LOG_REQUESTS, RUN_WORKER_IN_APP,
// API_LOG and METRICS_HOT_PATH, when set, go to the server (unset: as shipped), to take one
// suspect out at a time.
import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { adminQuery, recreateDatabase } from "./lib/database";
import { TMP_DIR } from "./lib/load-client";
import { startOwnPostgres } from "./lib/own-postgres";
import { runPaced, type PacedSource } from "./lib/paced-load";
import { summarizeLatencies } from "./lib/percentiles";
import { readWalCounters } from "./lib/wal-flushes";
import { preparedKeys } from "./lib/prepared-keys";
import { machineBusyMs, postgresCpuMs, stealMs, treeCpuMs } from "./lib/proc";
import { creationBody } from "./lib/requests";
import { warmUp, type Created } from "./lib/warm-up";
import { buildApp, freePort, freshSecrets, SHIPPED_SWITCHES, startApp, waitReady, type AppServer } from "./lib/server";
import { runMain } from "./lib/run-main";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ENDPOINT = process.env.STALLS_ENDPOINT === "otp" ? "otp" : "request";
const RATE = num("STALLS_RATE", 400);
const SECONDS = num("STALLS_SECONDS", 20);
const WARM = num("STALLS_WARM", 4000);
const SLOW_MS = num("STALLS_SLOW_MS", 20);
const ANALYZE = process.env.STALLS_ANALYZE !== "0";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/5";
const CONNECTIONS = 24;
const WINDOW_MS = 500;
const DB_NAME = "sandi_stalls";

const PG_LOGGING = [
  "log_min_duration_statement = 25",
  "log_lock_waits = on",
  "deadlock_timeout = '20ms'",
  "log_autovacuum_min_duration = 0",
  "log_checkpoints = on",
  "log_line_prefix = '%m [%p] '",
];

type Sample = { atMs: number; lagMaxMs: number; gcMs: number; appCpu: number; pgCpu: number; machineCpu: number; stealCpu: number; walSyncs: number; walSyncMs: number };

/** The cluster's WAL flushes so far and the time spent in them (track_wal_io_timing). */
async function walSyncs(): Promise<{ syncs: number; ms: number }> {
  const counters = await readWalCounters();
  return { syncs: counters?.syncs ?? 0, ms: counters?.syncMs ?? 0 };
}

/** A line of /metrics: the value of `name`, or the sum of its series when it has labels. */
function metric(text: string, name: string): number {
  let sum = 0;
  for (const m of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "gm"))) sum += Number(m[1]);
  return sum;
}

/** Samples every WINDOW_MS from now until stop(); CPU figures are a share of one core (100 = one core busy). */
async function startSampler(app: AppServer, token: string): Promise<{ stop: () => Sample[] }> {
  const samples: Sample[] = [];
  const started = performance.now();
  let last = { app: treeCpuMs(app.pid), pg: postgresCpuMs() ?? 0, machine: machineBusyMs(), steal: stealMs(), gc: 0, wal: await walSyncs(), at: started };
  let gcKnown = false;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    const text = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text(), () => "");
    const wal = await walSyncs();
    const now = { app: treeCpuMs(app.pid), pg: postgresCpuMs() ?? 0, machine: machineBusyMs(), steal: stealMs(), gc: metric(text, "nodejs_gc_duration_seconds_sum") * 1000, wal, at: performance.now() };
    const share = (ms: number) => Math.round((100 * ms) / (now.at - last.at));
    // prom-client resets the event loop's histogram at each scrape: its max is this window's.
    samples.push({ atMs: now.at - started, lagMaxMs: metric(text, "nodejs_eventloop_lag_max_seconds") * 1000, gcMs: gcKnown ? now.gc - last.gc : 0, appCpu: share(now.app - last.app), pgCpu: share(now.pg - last.pg), machineCpu: share(now.machine - last.machine), stealCpu: share(now.steal - last.steal), walSyncs: wal.syncs - last.wal.syncs, walSyncMs: wal.ms - last.wal.ms });
    gcKnown = true;
    last = now;
    busy = false;
  }, WINDOW_MS);
  return { stop: () => (clearInterval(timer), samples) };
}

/** The run's requests: creations spread over the merchants, or reads of the warm-up's OTPs in turn. */
function requestSource(keys: string[], created: Created[]): PacedSource {
  let sent = 0;
  const json = { "content-type": "application/json" };
  if (ENDPOINT === "otp") {
    if (!created.length) throw new Error("STALLS_ENDPOINT=otp reads the warm-up's OTPs: set STALLS_WARM above 0");
    return () => {
      const { otpId, key } = created[sent++ % created.length];
      return { request: { method: "GET", path: `/v3/otp/${otpId}`, headers: { authorization: `Bearer ${key}` } } };
    };
  }
  return () => ({ request: { method: "POST", path: "/v3/request", headers: { authorization: `Bearer ${keys[sent++ % keys.length]}`, ...json }, body: creationBody("stalls") } });
}

/** The cluster's log lines written since `offset` that say something about the run, each with its second into it. */
function loggedDuring(logFile: string, offset: number, startedAtEpochMs: number): string[] {
  const text = readFileSync(logFile, "utf8").slice(offset);
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    const m = line.match(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC \[\d+\] (.*)$/);
    if (!m || !/duration:|still waiting|acquired|automatic (vacuum|analyze)|checkpoint/.test(m[2])) continue;
    const at = (Date.parse(`${m[1].replace(" ", "T")}Z`) - startedAtEpochMs) / 1000;
    lines.push(`${at.toFixed(2).padStart(7)} s  ${m[2].slice(0, 160)}`);
  }
  return lines;
}

async function main(): Promise<void> {
  buildApp();
  const pg = await startOwnPostgres(await freePort(3127));
  process.env.BENCH_PG_ADMIN_URL = pg.adminUrl;
  process.env.BENCH_POSTGRES_PID = String(pg.pid);
  try {
    for (const setting of PG_LOGGING) await adminQuery(`ALTER SYSTEM SET ${setting}`);
    await adminQuery("SELECT pg_reload_conf()");
    const url = await recreateDatabase(DB_NAME, false);
    await adminQuery("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", [], url);
    const metricsToken = randomBytes(24).toString("base64url");
    const switches = Object.fromEntries(SHIPPED_SWITCHES.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
    const env = { DATABASE_URL: url, REDIS_URL, FRAUD_GUARD_DEFAULT: "off", DATA_DIR: ".data-e2e-bench", METRICS_TOKEN: metricsToken, ...freshSecrets(), ...switches };
    const keys = await preparedKeys({ dir: process.cwd(), script: path.join("bench", "lib", "prepare-database.ts"), merchants: 8, env });
    const app = await startApp({ port: await freePort(3128), env, logFile: path.join(TMP_DIR, "stalls-server.log") });
    try {
      await waitReady(app.baseUrl, keys[0]);
      const created = await warmUp(app.baseUrl, keys, WARM, CONNECTIONS);
      if (ANALYZE) await adminQuery("VACUUM ANALYZE", [], url);
      await adminQuery("SELECT pg_stat_statements_reset()", [], url);
      const logFile = path.join(pg.dataDir, "server.log");
      const logOffset = statSync(logFile).size;
      const sampler = await startSampler(app, metricsToken);
      const startedAtEpochMs = Date.now();
      const result = await runPaced({ baseUrl: app.baseUrl, connections: CONNECTIONS, durationSec: SECONDS, rate: RATE, seed: 1, timeoutSec: 30, next: requestSource(keys, created) });
      const samples = sampler.stop();
      const all = summarizeLatencies(result.latencies);
      const what = ENDPOINT === "otp" ? "reads (GET /v3/otp/{id})" : "creations";
      const asRun = Object.keys(switches).length ? `server with ${Object.entries(switches).map(([k, v]) => `${k}=${v}`).join(", ")}` : "server as shipped";
      console.log(`${result.latencies.length} ${what} at ${RATE}/s for ${SECONDS} s after ${WARM} warm-up creations${ANALYZE ? " and VACUUM ANALYZE" : ""}, ${asRun}: p50 ${all.p50} · p95 ${all.p95} · p99 ${all.p99} · max ${all.max} ms; load generator's p99 wait for a connection ${result.lagMs.p99} ms; answers by status ${JSON.stringify(result.statuses)}, errors ${result.errors}, timeouts ${result.timeouts}\n`);
      console.log(`| window (s) | answers | slowest ms | over ${SLOW_MS} ms | event loop max delay ms | GC ms | app CPU % | PostgreSQL CPU % | machine CPU % | steal % | WAL flushes · ms in them |`);
      console.log("|---|---|---|---|---|---|---|---|---|---|---|");
      for (const [i, sample] of samples.entries()) {
        const from = i === 0 ? 0 : samples[i - 1].atMs;
        const inWindow = result.latencies.filter((_, i) => result.answeredAtMs[i] >= from && result.answeredAtMs[i] < sample.atMs);
        const slowest = inWindow.length ? Math.max(...inWindow) : 0;
        console.log(`| ${(from / 1000).toFixed(1)}–${(sample.atMs / 1000).toFixed(1)} | ${inWindow.length} | ${slowest.toFixed(0)} | ${inWindow.filter((ms) => ms > SLOW_MS).length} | ${sample.lagMaxMs.toFixed(0)} | ${sample.gcMs.toFixed(0)} | ${sample.appCpu} | ${sample.pgCpu} | ${sample.machineCpu} | ${sample.stealCpu} | ${sample.walSyncs} · ${sample.walSyncMs.toFixed(1)} |`);
      }
      console.log("\nPostgreSQL's log during the run (seconds from its start):");
      console.log(loggedDuring(logFile, logOffset, startedAtEpochMs).join("\n") || "  (nothing)");
      const top = await adminQuery<{ calls: string; ms: number; mean: number; query: string }>(
        "SELECT calls, round(total_exec_time::numeric, 1)::float AS ms, round(mean_exec_time::numeric, 3)::float AS mean, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8",
        [],
        url,
      );
      console.log("\nStatements by execution time during the run:\n| total ms | calls | mean ms | statement |\n|---|---|---|---|");
      for (const t of top) console.log(`| ${t.ms} | ${t.calls} | ${t.mean} | \`${t.query}\` |`);
    } finally {
      await app.stop();
    }
  } finally {
    await pg.stop();
  }
}

runMain(main);
