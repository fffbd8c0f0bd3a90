// `npm run bench`: the production build under load, as `npm start` ships it (request
// log lines written to a file, the worker in the app, the API log and hot-path metrics
// on), next to a bare node:http reference server and PostgreSQL's ceiling for the same
// SQL. Builds into NEXT_DIST_DIR (.next-bench), starts its own PostgreSQL cluster with
// pg_stat_statements (bench/lib/own-postgres.ts; BENCH_POSTGRES=shared uses
// BENCH_PG_ADMIN_URL's server instead, never reconfigured), creates the benchmark
// database and seeds merchants that are neither rate-limited nor short of credit
// (bench/lib/prepare-database.ts, run with the build's own code), starts the
// production server (serve.mjs, as `npm start` does) on a free loopback port, and
// drives it from a second process (bench/load.ts). A warm-up of each build comes first,
// then VACUUM ANALYZE of its database, so the measured phases run on the query plans
// a database with history gets, not on those made for empty tables. Every saturation phase runs
// BENCH_PAIRS times (3), alternately with what it is compared with (A B A B …);
// the report keeps every run and reads medians and spread. Each fixed-rate phase is
// followed by the node:http reference at the same rate, and pgbench runs each endpoint's
// SQL at that rate too: the p99's floors on this machine, beside one 8 kB write and its
// fdatasync on the WAL's file system (bench/lib/fsync.ts). Then a sequential probe
// through a counting proxy (bench/lib/probe.ts), pgbench (every bench/pgbench/*.sql),
// and bench/results/.
//
// `npm run bench -- --compare <git-ref>` does the same for the ref (checked out and
// built under bench/tmp, bench/lib/compare.ts) and the working tree, both servers
// up at once on their own databases, step by step alternately (A B, then B A, …) so
// drift on the machine hits both; one results file holds both and their ratios.
//
// `npm run bench -- --ab NAME=VALUE[,NAME=VALUE…]` compares the working tree with
// itself run under those environment overrides (e.g. `--ab LOG_REQUESTS=0` measures
// what the request log costs, `--ab RUN_WORKER_IN_APP=0` the in-app worker), in the
// same way. The shipped switches (SHIPPED_SWITCHES) are taken out of the bench's own
// environment: only --ab turns them.
//
// Knobs (env): BENCH_BUILD=always|auto|never, BENCH_DB, BENCH_PORT (3107; the run
// uses it and the next seven, or free ports where those are taken), BENCH_PAIRS (3),
// BENCH_POSTGRES=own|shared (own),
// BENCH_MERCHANTS (8), BENCH_CONNECTIONS (24), BENCH_RATE (40 req/s, the mixed
// phase), BENCH_SECONDS (10, per phase), BENCH_PROBE_N (100), BENCH_PGBENCH_SECONDS
// (BENCH_SECONDS), BENCH_SETTLE_MS (5000, before each fixed-rate run), DB_POOL_SIZE (10), REDIS_URL.
import { copyFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkoutRef } from "./lib/compare";
import { adminQuery, recreateDatabase } from "./lib/database";
import { deliveredCodes, type VerifyItem } from "./lib/delivered-codes";
import { startOwnPostgres, type OwnPostgres } from "./lib/own-postgres";
import { runLoad, TMP_DIR } from "./lib/load-client";
import { fsyncFloor } from "./lib/fsync";
import { machineInfo } from "./lib/machine";
import { ceilingsIn, pgbench, type PgbenchResult } from "./lib/pgbench";
import type { LoadPlan, Part, PhaseResult } from "./lib/plan";
import { probe } from "./lib/probe";
import { peakRssMiB, rssMiB } from "./lib/proc";
import { collapseRepeats, median } from "./lib/repeats";
import { sourceTree } from "./lib/kept-results";
import { compareRatios, targetRatios, writeReport, type BenchReport, type StatementsByRun, type TargetResult } from "./lib/report";
import { preparedKeys } from "./lib/prepared-keys";
import { buildApp, freePort, freshSecrets, SHIPPED_SWITCHES, startApp, startFloorServer, waitReady, type AppServer } from "./lib/server";
import { resetStatements, statementsAvailable, StatementTally } from "./lib/statements";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DB_NAME = process.env.BENCH_DB ?? "sandi_bench";
const MERCHANTS = num("BENCH_MERCHANTS", 8);
const CONNECTIONS = num("BENCH_CONNECTIONS", 24);
const RATE = num("BENCH_RATE", 40);
const SECONDS = num("BENCH_SECONDS", 10);
const PROBE_N = num("BENCH_PROBE_N", 100);
const PGBENCH_SECONDS = num("BENCH_PGBENCH_SECONDS", SECONDS);
const POOL = num("DB_POOL_SIZE", 10);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// The working tree's server, the base's, the reference server, then the probes' servers and proxies.
const BASE_PORT = num("BENCH_PORT", 3107);
const FLOOR_SECONDS = Math.max(3, Math.round(SECONDS / 2));
const PAIRS = Math.max(1, num("BENCH_PAIRS", 3));
const OWN_POSTGRES = (process.env.BENCH_POSTGRES ?? "own") === "own";
/** Saturation phases whose statements pg_stat_statements records. */
const STATEMENT_PHASES = ["request-saturation", "verify-saturation", "otp-saturation"];


/** One build under test and everything the steps learn about it. */
type Target = {
  name: "work" | "base";
  label: string;
  dir: string;
  sourceTree: string;
  dbName: string;
  url: string;
  env: Record<string, string>;
  /** Environment beyond `npm start`'s defaults ({} = as shipped). */
  overrides: Record<string, string>;
  keys: string[];
  app: AppServer;
  buildSeconds: number;
  /** Every measured run, repeats included, in the order they ran. */
  phases: PhaseResult[];
  statements: Map<string, StatementTally>;
  /** Delivered OTPs for the verify phases and the probe; `used` of them are spent. */
  verify: { items: VerifyItem[]; used: number; toppedUpForSeconds: number };
  result: Partial<TargetResult>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A pause before each fixed-rate run. Both builds stay up, each with its in-app worker, and a
 * saturation phase leaves its build a second's receipts per second of load to confirm (about
 * 15 000 after a creation phase); confirmed while the other build's p99 is being measured,
 * they were part of that p99.
 */
const SETTLE_MS = num("BENCH_SETTLE_MS", 5000);
const saturation = (name: string, endpoint: Part["endpoint"], durationSec = SECONDS): { name: string; parts: Part[] } => ({ name, parts: [{ name: endpoint, endpoint, connections: CONNECTIONS, durationSec }] });
const fixed = (name: string, endpoint: Part["endpoint"], rate: number): { name: string; parts: Part[] } => ({ name, parts: [{ name: endpoint, endpoint, connections: CONNECTIONS, durationSec: SECONDS, rate }] });

function plan(t: Target, phases: LoadPlan["phases"], extra: Partial<LoadPlan> = {}): LoadPlan {
  return { baseUrl: t.app.baseUrl, keys: t.keys, verifyItems: [], otpItems: [], serverPid: t.app.pid, phases, ...extra };
}

let statementsOn = false;

async function load(t: Target, label: string, p: LoadPlan, measured = true): Promise<PhaseResult[]> {
  console.log(JSON.stringify({ msg: "step", target: t.label, step: label }));
  const counted = statementsOn && measured && p.phases.length === 1 && STATEMENT_PHASES.includes(p.phases[0].name);
  if (counted) await resetStatements(t.dbName);
  const results = await runLoad(p, `${t.name}-${label}`);
  if (counted) {
    const answered = results.reduce((s, r) => s + r.parts.reduce((a, x) => a + x.latencyMs.count, 0), 0);
    const name = p.phases[0].name;
    if (!t.statements.has(name)) t.statements.set(name, new StatementTally());
    await t.statements.get(name)!.add(t.dbName, answered);
  }
  if (measured) t.phases.push(...results);
  return results;
}

/** The median requests/s of the phase's runs so far (null before its first). */
function saturationRate(t: Target, phase: string): number | null {
  const rates = t.phases.filter((p) => p.name === phase).map((p) => p.parts[0]?.requestsPerSec ?? 0);
  return rates.length ? median(rates) : null;
}

/** Half of the rate the target reached at saturation in `phase` (median of its runs): the fixed-rate phases' load. */
function half(t: Target, phase: string): number {
  return Math.max(1, Math.round((saturationRate(t, phase) ?? 2 * RATE) / 2));
}

/**
 * The steps, each run for every target before the next step starts. A repeated step runs
 * BENCH_PAIRS times in a row, every target each time in the same order (A B A B …).
 */
type Step = { name: string; repeat?: boolean; run: (t: Target, reference: AppServer) => Promise<void> };

const steps: Step[] = [
  {
    name: "warmup",
    run: async (t) => {
      const seconds = Math.max(3, Math.round(SECONDS / 2));
      await load(t, "warmup", plan(t, [saturation("warmup", "request", seconds), saturation("warmup-otp", "otp", 2), saturation("warmup-floor", "floor", 2)], { otpItems: [{ otpId: "OTPWARMUP", key: 0 }] }), false);
      // A production database has history and statistics for it. This one was empty a few seconds ago, and
      // each pooled connection keeps the generic plan it made for a prepared statement then: sequential
      // scans of tables that were one page, which grow with every creation until autovacuum's next
      // ANALYZE (a minute away) invalidates them. Measured: otp-sent took 1.64 ms instead of 0.23 ms
      // and the creations' p99 at 400/s was 105 ms instead of 36 (docs/performance.md).
      await adminQuery("VACUUM ANALYZE", [], t.url);
    },
  },
  {
    // The app's 404 and the bare node:http server's, back to back under the same load: one pair.
    name: "floor",
    repeat: true,
    run: async (t, reference) => {
      await load(t, "floor", plan(t, [saturation("floor-saturation", "floor", FLOOR_SECONDS)]));
      await load(t, "floor-reference", { ...plan(t, [saturation("floor-reference", "floor", FLOOR_SECONDS)]), baseUrl: reference.baseUrl, serverPid: reference.pid });
    },
  },
  { name: "request", repeat: true, run: async (t) => void (await load(t, "request", plan(t, [saturation("request-saturation", "request", SECONDS + 5)]))) },
  {
    // One big merchant: every creation on the same merchant.
    name: "request-single",
    repeat: true,
    run: async (t) => void (await load(t, "request-single", { ...plan(t, [{ name: "request-single-merchant", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: SECONDS + 5 }] }]), keys: [t.keys[0]] })),
  },
  { name: "request-fixed", repeat: true, run: async (t, reference) => fixedPhase(t, reference, plan(t, [fixed("request-fixed", "request", half(t, "request-saturation"))])) },
  {
    // Unmeasured: enough fresh OTPs for the verify phases (each saturation run at up to 6× the
    // creation rate, each fixed-rate run at half of that, the mixed phase) and the probe.
    name: "verify-supply",
    run: async (t) => {
      const creationRate = saturationRate(t, "request-saturation") || 50;
      const verifyRequests = 6 * creationRate * SECONDS * PAIRS * 1.5 + Math.max(1, Math.round(RATE / 2)) * (SECONDS + 5);
      const needed = Math.ceil(verifyRequests / 2) + 2 * CONNECTIONS * (PAIRS + 1) + 2 * (PROBE_N + 1);
      let items = await deliveredCodes(t.url, t.keys);
      if (items.filter((i) => i.key === 0).length < PROBE_N + 1 || items.length < needed) {
        const seconds = Math.ceil(Math.max(0, needed - items.length) / creationRate) + 2;
        await load(t, "verify-supply", plan(t, [{ name: "verify-supply", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: seconds }] }]), false);
        t.verify.toppedUpForSeconds = seconds;
        await sleep(500);
        items = await deliveredCodes(t.url, t.keys);
      }
      // The probe (merchant 0, the one it authenticates as) takes its OTPs from the end.
      const probeItems = items.filter((i) => i.key === 0).slice(-(PROBE_N + 1));
      const probeIds = new Set(probeItems.map((i) => i.otpId));
      t.verify.items = [...items.filter((i) => !probeIds.has(i.otpId)), ...probeItems];
    },
  },
  { name: "verify", repeat: true, run: (t) => verifyPhase(t, saturation("verify-saturation", "verify")) },
  {
    name: "verify-fixed",
    repeat: true,
    run: async (t, reference) => {
      await sleep(SETTLE_MS);
      await verifyPhase(t, fixed("verify-fixed", "verify", half(t, "verify-saturation")));
      await referenceAtRate(t, reference, "verify-fixed", half(t, "verify-saturation"));
    },
  },
  {
    name: "otp",
    repeat: true,
    run: async (t) => void (await load(t, "otp", plan(t, [saturation("otp-saturation", "otp")], { otpItems: otpItemsOf(t) }))),
  },
  { name: "otp-fixed", repeat: true, run: async (t, reference) => fixedPhase(t, reference, plan(t, [fixed("otp-fixed", "otp", half(t, "otp-saturation"))], { otpItems: otpItemsOf(t) })) },
  {
    name: "mixed",
    run: async (t) => {
      // A merchant's usual shape: one creation, a couple of status polls, one verify.
      const items = t.verify.items.slice(t.verify.used, t.verify.items.length - (PROBE_N + 1));
      const [result] = await load(
        t,
        "mixed",
        plan(
          t,
          [
            {
              name: "mixed",
              parts: [
                { name: "request", endpoint: "request", connections: 4, durationSec: SECONDS + 5, rate: Math.max(1, Math.round(RATE / 2)) },
                { name: "otp", endpoint: "otp", connections: 4, durationSec: SECONDS + 5, rate: RATE },
                { name: "verify", endpoint: "verify", connections: 4, durationSec: SECONDS + 5, rate: Math.max(1, Math.round(RATE / 2)) },
              ],
            },
          ],
          { verifyItems: items, otpItems: items.map(({ otpId, key }) => ({ otpId, key })) },
        ),
      );
      t.verify.used += result.parts.reduce((s, p) => s + (p.verify?.sent.wrong ?? 0), 0);
      t.result.server = { rssMiBAfterLoad: rssMiB(t.app.pid), peakRssMiB: peakRssMiB(t.app.pid), sqlTransactionsPerCreation: null };
    },
  },
  {
    // The probe reads the database's and the cluster's statistics: no other server's worker may poll meanwhile.
    name: "stop",
    run: (t) => t.app.stop(),
  },
  {
    name: "probe",
    run: async (t) => {
      console.log(JSON.stringify({ msg: "step", target: t.label, step: "probe", n: PROBE_N }));
      const items = t.verify.items.slice(-(PROBE_N + 1));
      // The probe counts the database work of each request on the wire, so its server runs without the in-app
      // worker, whose polling would be counted with it; API log and request log stay as the target has them.
      t.result.probe = await probe({ dir: t.dir, env: { ...t.env, RUN_WORKER_IN_APP: "0" }, dbName: t.dbName, key: t.keys[0], verifyItems: items, n: PROBE_N, logFile: path.join(TMP_DIR, `${t.name}-probe-server.log`), ports: t.name === "work" ? [BASE_PORT + 3, BASE_PORT + 4] : [BASE_PORT + 5, BASE_PORT + 6] });
      t.result.server!.sqlTransactionsPerCreation = t.result.probe.creation.xactCommit;
      console.log(JSON.stringify({ msg: "probe done", target: t.label, creation: t.result.probe.creation, verifyWrong: t.result.probe.verifyWrong, verifyRight: t.result.probe.verifyRight, verify: t.result.probe.verify }));
    },
  },
];

/** A fixed-rate phase, then the node:http reference at the same rate (the p99's floor on this machine). */
async function fixedPhase(t: Target, reference: AppServer, p: LoadPlan): Promise<void> {
  await sleep(SETTLE_MS);
  await load(t, p.phases[0].name, p);
  await referenceAtRate(t, reference, p.phases[0].name, p.phases[0].parts[0].rate!);
}

async function referenceAtRate(t: Target, reference: AppServer, phase: string, rate: number): Promise<void> {
  const name = `${phase}-reference`;
  await load(t, name, { ...plan(t, [fixed(name, "floor", rate)]), baseUrl: reference.baseUrl, serverPid: reference.pid });
}

/** A verify phase on OTPs no earlier phase touched; the wrong codes it sent use up as many OTPs. */
async function verifyPhase(t: Target, phase: { name: string; parts: Part[] }): Promise<void> {
  const items = t.verify.items.slice(t.verify.used, t.verify.items.length - (PROBE_N + 1));
  const [result] = await load(t, phase.name, plan(t, [phase], { verifyItems: items }));
  t.verify.used += result.parts.reduce((s, p) => s + (p.verify?.sent.wrong ?? 0), 0);
}

const otpItemsOf = (t: Target) => t.verify.items.map(({ otpId, key }) => ({ otpId, key }));

function parseOverrides(text: string | undefined): Record<string, string> | undefined {
  if (!text) return undefined;
  const pairs = text.split(",").map((p) => p.trim().split("="));
  if (pairs.some((p) => p.length !== 2 || !/^[A-Z_][A-Z0-9_]*$/.test(p[0]))) throw new Error(`--ab takes NAME=VALUE[,NAME=VALUE…], got "${text}"`);
  return Object.fromEntries(pairs);
}

async function prepareTarget(name: Target["name"], label: string, dir: string, sourceTree: string, buildSeconds: number, portHint: number, overrides: Record<string, string> = {}): Promise<Target> {
  const dbName = name === "work" ? DB_NAME : `${DB_NAME}_base`;
  const url = await recreateDatabase(dbName, false);
  const env: Record<string, string> = {
    DATABASE_URL: url,
    REDIS_URL,
    // The bench measures the hot path, not detection: its merchants start with the guard off
    // (detection works from the first request; a bench sending to fresh numbers would trip it).
    FRAUD_GUARD_DEFAULT: "off",
    DB_POOL_SIZE: String(POOL),
    DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e-bench",
    ...freshSecrets(),
    ...overrides,
  };
  // Migrate and seed with the build's own code (its schema and services).
  const script = path.join(dir, "bench", "tmp", "prepare-database.ts");
  mkdirSync(path.dirname(script), { recursive: true });
  if (path.resolve(dir) !== process.cwd()) copyFileSync(path.join(process.cwd(), "bench", "lib", "prepare-database.ts"), script);
  const keys = await preparedKeys({ dir, script: path.resolve(dir) === process.cwd() ? path.join("bench", "lib", "prepare-database.ts") : script, merchants: MERCHANTS, env });
  const port = await freePort(portHint);
  const app = await startApp({ port, env, dir, logFile: path.join(TMP_DIR, `${name}-server.log`) });
  await waitReady(app.baseUrl, keys[0]);
  return { name, label, dir, sourceTree, dbName, url, env, overrides, keys, app, buildSeconds, phases: [], statements: new Map(), verify: { items: [], used: 0, toppedUpForSeconds: 0 }, result: {} };
}

async function finishTarget(t: Target): Promise<TargetResult> {
  // The database's ceiling for the statements in this build's bench/pgbench, with the app stopped.
  const wibDay = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const [range] = await adminQuery<{ min: string; max: string }>("SELECT min(id) AS min, max(id) AS max FROM otp_transactions", [], t.url);
  // pgbench picks merchant rows 1..MERCHANTS, test worlds among them (1,000,000 test credits each):
  // fund every one of them for the run, with its ledger row, so none runs short mid-ceiling.
  await adminQuery(
    `WITH topped AS (
       UPDATE merchants SET saldo = saldo + 1000000000 WHERE id <= $1 AND saldo < 1000000000 RETURNING id, saldo
     )
     INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference, note)
     SELECT id, 1000000000, saldo, 'manual_credit', 'bench-pgbench-' || id || '-' || floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, 'bench: pgbench funds' FROM topped`,
    [MERCHANTS],
    t.url,
  );
  const results: PgbenchResult[] = [];
  const pgbenchStatements: StatementsByRun["pgbench"] = {};
  for (const c of ceilingsIn(t.dir)) {
    console.log(JSON.stringify({ msg: "pgbench", target: t.label, run: c.label }));
    if (statementsOn) await resetStatements(t.dbName);
    results.push(
      await pgbench({
        label: c.label,
        root: t.dir,
        url: t.url,
        script: c.script,
        sessionOptions: c.sessionOptions,
        clients: POOL,
        durationSec: PGBENCH_SECONDS,
        vars: { merchants: MERCHANTS, day: wibDay, price: 450, minid: range.min, maxid: range.max },
      }),
    );
    if (statementsOn) {
      const tally = new StatementTally();
      await tally.add(t.dbName, results.at(-1)!.transactions);
      pgbenchStatements[c.label] = tally.figures();
    }
  }
  // The same SQL held to each endpoint's fixed rate: the database's own p99 at the load the app's p99 was taken at.
  for (const [script, phase] of [["create-otp.sql", "request-fixed"], ["verify-otp.sql", "verify-fixed"], ["read-otp.sql", "otp-fixed"]] as const) {
    const rate = t.phases.find((p) => p.name === phase)?.parts[0]?.targetRate;
    if (!rate || !ceilingsIn(t.dir).some((c) => c.script === script)) continue;
    console.log(JSON.stringify({ msg: "pgbench", target: t.label, run: script, rate }));
    results.push(
      await pgbench({
        label: `${script}, at ${rate}/s`,
        root: t.dir,
        url: t.url,
        script,
        clients: POOL,
        durationSec: PGBENCH_SECONDS,
        rate,
        vars: { merchants: MERCHANTS, day: wibDay, price: 450, minid: range.min, maxid: range.max },
      }),
    );
  }
  // The ledger against saldo, as the schema stood at dbe6edf; a build whose schema no longer fits the query is reported unchecked.
  const balance = await adminQuery<{ merchants: string; unbalanced: string; negative: string }>(
    `SELECT count(*) AS merchants,
            count(*) FILTER (WHERE m.saldo <> COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)) AS unbalanced,
            count(*) FILTER (WHERE m.saldo < 0) AS negative
     FROM merchants m`,
    [],
    t.url,
  ).then(
    ([row]) => ({ merchants: Number(row.merchants), ledgerBalanced: row.unbalanced === "0", negativeSaldo: Number(row.negative) }),
    (err: Error) => ({ merchants: 0, ledgerBalanced: null, negativeSaldo: null, error: err.message }),
  );
  const { phases, repeats } = collapseRepeats(t.phases);
  const result: TargetResult = {
    label: t.label,
    sourceTree: t.sourceTree,
    buildSeconds: Math.round(t.buildSeconds),
    phases,
    repeats,
    overrides: t.overrides,
    statements: statementsOn ? { http: Object.fromEntries([...t.statements].map(([phase, tally]) => [phase, tally.figures()])), pgbench: pgbenchStatements } : null,
    ...(statementsOn ? {} : { statementsNote: STATEMENTS_OFF }),
    pgbench: results,
    ratios: {},
    server: t.result.server ?? { rssMiBAfterLoad: 0, peakRssMiB: 0, sqlTransactionsPerCreation: null },
    probe: t.result.probe ?? null,
    verifySupply: { otps: t.verify.items.length, toppedUpForSeconds: t.verify.toppedUpForSeconds },
    invariants: balance,
  };
  result.ratios = targetRatios(result);
  return result;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(): Promise<void> {
  const started = new Date();
  mkdirSync(TMP_DIR, { recursive: true });
  const compareRef = argValue("--compare");
  const abOverrides = parseOverrides(argValue("--ab"));
  if (compareRef && abOverrides) throw new Error("--compare and --ab are exclusive: one baseline per run");
  // As shipped means the app's own defaults: a switch left in the bench's environment would leak into every server.
  const leaked = SHIPPED_SWITCHES.filter((name) => process.env[name] !== undefined);
  if (leaked.length) console.log(JSON.stringify({ msg: "ignored: the bench runs the shipped defaults; use --ab to turn a switch", names: leaked }));
  for (const name of leaked) delete process.env[name];
  // Checkout and builds first: they block this process, which then could not stop a cluster on Ctrl-C.
  const checkout = compareRef ? checkoutRef(compareRef) : undefined;
  const builds = { work: buildApp(), base: checkout ? buildApp(process.env.BENCH_BUILD === "never" ? "never" : "auto", checkout.dir) : 0 };
  console.log(JSON.stringify({ msg: "build", seconds: builds.work, ...(checkout ? { base: builds.base, install: checkout.installSeconds } : {}) }));
  const ownPostgres = OWN_POSTGRES ? await startOwnPostgres(await freePort(BASE_PORT + 7)) : undefined;
  if (ownPostgres) {
    // Ctrl-C mid-run still removes the cluster and its directory. The signal may come twice (the terminal's,
    // then tsx relaying it): the second must not kill the process mid-stop.
    let stopping = false;
    const stopOnSignal = () => {
      if (stopping) return;
      stopping = true;
      void ownPostgres.stop().finally(() => process.exit(130));
    };
    process.on("SIGINT", stopOnSignal);
    process.on("SIGTERM", stopOnSignal);
  }
  try {
    if (ownPostgres) {
      // Every reader of the admin URL and of PostgreSQL's CPU (this process, the load generator, pgbench's) sees this cluster.
      process.env.BENCH_PG_ADMIN_URL = ownPostgres.adminUrl;
      process.env.BENCH_POSTGRES_PID = String(ownPostgres.pid);
      console.log(JSON.stringify({ msg: "own PostgreSQL", url: ownPostgres.adminUrl, pid: ownPostgres.pid, bin: ownPostgres.binDir }));
    }
    await run(started, checkout, builds, abOverrides, ownPostgres);
  } finally {
    await ownPostgres?.stop();
  }
}

const STATEMENTS_OFF =
  "No statement figures: the cluster does not preload pg_stat_statements, or its admin database lacks the extension (the bench's own cluster has both; a shared one is never changed for it).";

async function run(
  started: Date,
  checkout: ReturnType<typeof checkoutRef> | undefined,
  builds: { work: number; base: number },
  abOverrides: Record<string, string> | undefined,
  ownPostgres: OwnPostgres | undefined,
): Promise<void> {
  statementsOn = await statementsAvailable(ownPostgres !== undefined);
  const [{ version }] = await adminQuery<{ version: string }>("SELECT split_part(version(), ' on ', 1) AS version");
  const machine = machineInfo(version);
  console.log(JSON.stringify({ msg: "machine", ...machine }));
  // Before any load: the disk's flush alone, on the file system the cluster's WAL is on.
  const fsync = fsyncFloor(ownPostgres?.dataDir ?? TMP_DIR);
  console.log(JSON.stringify({ msg: "fsync", ...fsync }));

  const { work: workBuild, base: baseBuild } = builds;
  const targets: Target[] = [await prepareTarget("work", "working tree", process.cwd(), sourceTree(), workBuild, BASE_PORT)];
  if (checkout) targets.push(await prepareTarget("base", checkout.sha.startsWith(checkout.ref) ? checkout.ref : `${checkout.ref} (${checkout.sha.slice(0, 7)})`, checkout.dir, checkout.sha.slice(0, 7), baseBuild, BASE_PORT + 1));
  const abLabel = abOverrides ? `working tree with ${Object.entries(abOverrides).map(([k, v]) => `${k}=${v}`).join(", ")}` : "";
  if (abOverrides) targets.push(await prepareTarget("base", abLabel, process.cwd(), sourceTree(), workBuild, BASE_PORT + 1, abOverrides));
  const reference = await startFloorServer(await freePort(BASE_PORT + 2));
  const results: TargetResult[] = [];
  try {
    for (const [i, step] of steps.entries()) {
      // A B, then B A for the next step, …: neither build always goes first.
      const order = i % 2 === 0 ? targets : [...targets].reverse();
      for (let pair = 0; pair < (step.repeat ? PAIRS : 1); pair++) for (const t of order) await step.run(t, reference);
    }
  } finally {
    await reference.stop();
    for (const t of targets) await t.app.stop();
  }
  for (const t of targets) results.push(await finishTarget(t));

  const [work, base] = results;
  const report: BenchReport = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    totalSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    buildSeconds: work.buildSeconds,
    machine,
    config: {
      merchants: MERCHANTS,
      saturationConnections: CONNECTIONS,
      fixedRate: "half of the saturation rate, per endpoint and build",
      mixedRate: RATE,
      phaseSeconds: SECONDS,
      saturationRepeats: `${PAIRS} per phase, alternately (A B A B …)`,
      postgres: ownPostgres ? `the bench's own cluster (${ownPostgres.binDir}, pg_stat_statements preloaded)` : `${new URL(process.env.BENCH_PG_ADMIN_URL ?? "postgresql://127.0.0.1:5432").host} (shared)`,
      serverConfiguration: "as `npm start` ships it: request log lines to a file, worker in the app, API log and hot-path metrics on",
      probeRequests: PROBE_N,
      DB_POOL_SIZE: POOL,
      pgbenchClients: POOL,
      pgbenchSeconds: PGBENCH_SECONDS,
      redis: REDIS_URL,
      loadGenerator: "a separate Node process: autocannon 9 at saturation; fixed rates open loop (Poisson departures, node:http keep-alive, bench/lib/paced-load.ts)",
      hostname: os.hostname(),
      sourceTree: work.sourceTree,
      ...(checkout ? { compareWith: `${checkout.ref} = ${checkout.sha}` } : {}),
      ...(abOverrides ? { compareWith: abLabel } : {}),
    },
    phases: work.phases,
    repeats: work.repeats,
    overrides: work.overrides,
    statements: work.statements,
    ...(work.statementsNote ? { statementsNote: work.statementsNote } : {}),
    pgbench: work.pgbench,
    ratios: work.ratios,
    server: work.server,
    probe: work.probe,
    verifySupply: work.verifySupply,
    invariants: work.invariants,
    fsync,
    ...(base ? { compare: { base, ratios: compareRatios(work, base) } } : {}),
  };
  const file = writeReport(report);
  console.log(JSON.stringify({ msg: "done", file, seconds: report.totalSeconds, ratios: report.ratios, ...(report.compare ? { workOverBase: report.compare.ratios } : {}), invariants: report.invariants }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
