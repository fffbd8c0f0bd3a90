// bench/results/<timestamp>.json and the human summary bench/results/summary.md.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MachineInfo } from "./machine";
import type { FsyncFloor } from "./fsync";
import type { PgbenchResult } from "./pgbench";
import type { PartResult, PhaseResult } from "./plan";
import type { WireCounts } from "./pg-counter-proxy";
import type { ProbeResult } from "./probe";
import { pairedRatio, type PhaseRepeats, type RepeatFigure } from "./repeats";
import type { StatementFigures } from "./statements";

export type ServerFigures = {
  /** Resident memory of the server process tree after the load phases, and its peak (VmHWM). */
  rssMiBAfterLoad: number;
  peakRssMiB: number;
  /** pg_stat_database.xact_commit per creation in the sequential probe (read-only transactions included). */
  sqlTransactionsPerCreation: number | null;
};

/** pg_stat_statements over the saturation phases (per request) and the pgbench runs (per transaction). */
export type StatementsByRun = { http: Record<string, StatementFigures | null>; pgbench: Record<string, StatementFigures | null> };

/** Everything measured for one build (the working tree, or the --compare ref). */
export type TargetFigures = {
  /** One entry per phase; for a repeated phase, its run with the median requests/s. */
  phases: PhaseResult[];
  /** Phases run more than once (saturation, alternately with what they are compared with): every run's figures, medians, spread. */
  repeats?: Record<string, PhaseRepeats>;
  /** The environment the server ran with beyond `npm start`'s defaults ({} = as shipped). */
  overrides?: Record<string, string>;
  /** null: the cluster does not preload pg_stat_statements (statementsNote says why). */
  statements?: StatementsByRun | null;
  statementsNote?: string;
  pgbench: PgbenchResult[];
  ratios: Record<string, number | null>;
  server: ServerFigures;
  probe: ProbeResult | null;
  /** Delivered OTPs the verify parts could draw from, and the unmeasured creation run that topped them up (0: none needed). */
  verifySupply: { otps: number; toppedUpForSeconds: number };
  /** null: the check's query failed on this build's schema (error says why). */
  invariants: { merchants: number; ledgerBalanced: boolean | null; negativeSaldo: number | null; error?: string };
};

export type TargetResult = TargetFigures & { label: string; sourceTree: string; buildSeconds: number };

/** Working tree ÷ base, per phase: > 1 means the working tree has more of it. */
export type CompareRatios = Record<string, { reqPerSec: number | null; appCpuMsPerRequest: number | null; p50: number | null; p99: number | null }>;

/** The working tree's figures sit at the top level, as in earlier results files. */
export type BenchReport = TargetFigures & {
  startedAt: string;
  finishedAt: string;
  totalSeconds: number;
  buildSeconds: number;
  machine: MachineInfo;
  config: Record<string, string | number>;
  /** --compare: the base build, measured alternately with the working tree in the same run. */
  compare?: { base: TargetResult; ratios: CompareRatios };
  /** One 8 kB write and its fdatasync on the WAL's file system (absent in results from before it was measured). */
  fsync?: FsyncFloor;
};

export const RESULTS_DIR = path.join(process.cwd(), "bench", "results");

export function part(report: { phases: PhaseResult[] }, phase: string, name?: string): PartResult | undefined {
  const p = report.phases.find((x) => x.name === phase);
  return name ? p?.parts.find((x) => x.name === name) : p?.parts[0];
}

const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);

/** A phase's figure: the median of its repeats, or its one run's value in results from before repeats. */
function phaseFigure(r: Pick<TargetFigures, "phases" | "repeats">, phase: string, figure: RepeatFigure): number | null | undefined {
  const repeated = r.repeats?.[phase]?.median[figure];
  if (repeated !== undefined) return repeated;
  const p = r.phases.find((x) => x.name === phase);
  const first = p?.parts[0];
  const single: Record<RepeatFigure, number | null | undefined> = {
    reqPerSec: first?.requestsPerSec,
    appCpuMsPerRequest: p?.serverCpuMsPerRequest,
    postgresCpuMsPerRequest: p?.postgresCpuMsPerRequest,
    machineCpuMsPerRequest: p?.machineCpuMsPerRequest,
    p50: first?.latencyMs.p50,
    p99: first?.latencyMs.p99,
    walFlushesPerSec: p?.walFlushes?.perSecond,
    walFlushMeanMs: p?.walFlushes?.meanMs,
  };
  return single[figure];
}

/**
 * request / verify / otp: HTTP req/s at saturation ÷ pgbench tps of the same SQL;
 * floor: the app's unknown-path 404 ÷ the bare node:http server's, same load, same
 * run (the median of the pairs' ratios); floor_as_shipped: the same, when the server
 * ran as `npm start` ships (null under --ab overrides); singleMerchant: creations on
 * one merchant ÷ creations spread over all of them; cpu_request / cpu_verify / cpu_otp:
 * app CPU ms per request ÷ the node:http reference's; pg_cpu_request: PostgreSQL CPU
 * per HTTP creation ÷ per pgbench transaction of create-otp.sql, each at its own saturation
 * rate (medians of the repeats); pg_cpu_request_at_rate: the same with both held to one rate
 * (the fixed-rate creation phase, median of its repeats, and pgbench -R at that rate), since the
 * cluster's CPU per transaction falls as the rate rises (wake-ups, the WAL writer and the
 * other background work shared by more transactions).
 */
export function targetRatios(r: Pick<TargetFigures, "phases" | "pgbench" | "repeats" | "overrides">): Record<string, number | null> {
  const med = (phase: string, figure: RepeatFigure) => phaseFigure(r, phase, figure);
  const pgbenchRun = (script: string) => r.pgbench.find((p) => p.label === script) ?? r.pgbench.find((p) => p.script === script);
  const tps = (script: string) => pgbenchRun(script)?.tps;
  const paired = pairedRatio(r.repeats?.["floor-saturation"]?.reqPerSec, r.repeats?.["floor-reference"]?.reqPerSec).median;
  const floor = paired ?? ratio(med("floor-saturation", "reqPerSec"), med("floor-reference", "reqPerSec"));
  const referenceCpu = med("floor-reference", "appCpuMsPerRequest");
  return {
    request: ratio(med("request-saturation", "reqPerSec"), tps("create-otp.sql")),
    verify: ratio(med("verify-saturation", "reqPerSec"), tps("verify-otp.sql")),
    otp: ratio(med("otp-saturation", "reqPerSec"), tps("read-otp.sql")),
    floor: floor === null ? null : Math.round(floor * 1000) / 1000,
    singleMerchant: ratio(med("request-single-merchant", "reqPerSec"), med("request-saturation", "reqPerSec")),
    floor_as_shipped: r.overrides && Object.keys(r.overrides).length === 0 && floor !== null ? Math.round(floor * 1000) / 1000 : null,
    cpu_request: ratio(med("request-saturation", "appCpuMsPerRequest"), referenceCpu),
    cpu_verify: ratio(med("verify-saturation", "appCpuMsPerRequest"), referenceCpu),
    cpu_otp: ratio(med("otp-saturation", "appCpuMsPerRequest"), referenceCpu),
    pg_cpu_request: ratio(med("request-saturation", "postgresCpuMsPerRequest"), pgbenchRun("create-otp.sql")?.postgresCpuMsPerTransaction),
    pg_cpu_request_at_rate: ratio(
      med("request-fixed", "postgresCpuMsPerRequest"),
      r.pgbench.find((p) => p.script === "create-otp.sql" && p.rate !== undefined)?.postgresCpuMsPerTransaction,
    ),
  };
}

export function compareRatios(work: TargetResult, base: TargetResult): CompareRatios {
  const out: CompareRatios = {};
  for (const phase of work.phases) {
    const other = base.phases.find((p) => p.name === phase.name);
    if (!other) continue;
    const of = (figure: RepeatFigure) => ratio(phaseFigure(work, phase.name, figure), phaseFigure(base, phase.name, figure));
    out[phase.name] = { reqPerSec: of("reqPerSec"), appCpuMsPerRequest: of("appCpuMsPerRequest"), p50: of("p50"), p99: of("p99") };
  }
  return out;
}

function errorsOf(p: PartResult | undefined): string {
  if (!p) return "–";
  const non2xx = Object.entries(p.statuses).filter(([s]) => !s.startsWith("2"));
  const codes = non2xx.length ? ` (${non2xx.map(([s, n]) => `${n}×${s}`).join(", ")})` : "";
  return `${p.non2xx}${codes} / ${p.errors + p.timeouts}`;
}

const AB_PREFIX = "working tree with ";

/** The command line that made the report: a plain run, --compare <ref> or --ab <overrides>. */
function benchArgs(r: BenchReport): string {
  if (!r.compare) return "";
  const label = r.compare.base.label;
  if (label.startsWith(AB_PREFIX)) return ` -- --ab ${label.slice(AB_PREFIX.length).replace(/, /g, ",")}`;
  return ` -- --compare ${label.split(" ")[0]}`;
}

export function writeReport(report: BenchReport): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-");
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  // The latest run's summary, and each run's own next to its figures.
  const text = summary(report, path.basename(file));
  writeFileSync(path.join(RESULTS_DIR, "summary.md"), text);
  writeFileSync(file.replace(/\.json$/, ".md"), text);
  return file;
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${Math.round(v * 100)} %`);
const show = (v: number | null | undefined) => (v === null || v === undefined ? "–" : String(v));

const ENDPOINTS = [
  ["POST /v3/request (sms, sandbox, 8 merchants)", "request-saturation", "request-fixed", "create-otp.sql", "request"],
  ["POST /v3/request, one merchant", "request-single-merchant", null, null, null],
  ["POST /v3/verify (right and wrong codes: see below)", "verify-saturation", "verify-fixed", "verify-otp.sql", "verify"],
  ["GET /v3/otp/{id}", "otp-saturation", "otp-fixed", "read-otp.sql", "otp"],
  ["unknown /v3 path, 404 envelope (no database)", "floor-saturation", null, null, null],
  ["reference: bare node:http, same 404 envelope", "floor-reference", null, null, null],
] as const;

function endpointTable(r: TargetResult): string {
  const rows = ENDPOINTS.map(([label, sat, fixed, script, key]) => {
    const s = part(r, sat);
    const f = fixed ? part(r, fixed) : undefined;
    const cpu = phaseFigure(r, sat, "appCpuMsPerRequest");
    const pg = script ? r.pgbench.find((p) => p.label === script) : undefined;
    const fixedCell = f ? `${f.targetRate}: ${show(phaseFigure(r, fixed!, "p50"))} / ${show(phaseFigure(r, fixed!, "p99"))}` : "–";
    return `| ${label} | ${show(phaseFigure(r, sat, "reqPerSec"))} | ${s ? `${s.latencyMs.p50} / ${s.latencyMs.p99}` : "–"} | ${fixedCell} | ${errorsOf(s)} · ${errorsOf(f)} | ${cpu ?? "–"} | ${pg ? pg.tps : "–"} | ${key ? pct(r.ratios[key]) : "–"} |`;
  });
  return `| Endpoint | req/s at saturation | p50 / p99 at saturation | req/s: p50 / p99 at half of saturation | errors | app CPU ms / request | PostgreSQL ceiling (tps) | HTTP / ceiling |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}

function probeTable(r: TargetResult): string {
  const p = r.probe;
  if (!p) return "No probe figures.";
  const row = (label: string, x: WireCounts & { appCpuMs: number; latencyMsMean: number }, xact: number | null | string, wal: number | null | string) =>
    `| ${label} | ${x.statements} (${x.transactionControl}) | ${x.maxStatementsPerTransaction} | ${x.roundTrips} | ${show(x.waits)} | ${x.transactions}${x.rollbacks ? ` (+${x.rollbacks} rolled back)` : ""} | ${show(xact as number)} | ${x.flushedCommits} | ${show(wal as number)} | ${x.appCpuMs} | ${x.latencyMsMean} |`;
  return `| Request (${p.requests} each, one at a time) | statements (of them BEGIN / COMMIT) | most statements in one transaction | round trips | waits | transactions (wire) | xact_commit | commits waiting for a flush (wire) | WAL flushes (pg_stat_wal) | app CPU ms | latency ms (mean) |
|---|---|---|---|---|---|---|---|---|---|---|
${row("POST /v3/request", p.creation, p.creation.xactCommit, p.creation.walSync)}
${row("POST /v3/verify, wrong code", p.verifyWrong, "↓", "↓")}
${row("POST /v3/verify, right code", p.verifyRight, "↓", "↓")}
| POST /v3/verify, both (per request) | | | | | | ${show(p.verify.xactCommit)} | | ${show(p.verify.walSync)} | | |

Idle WAL flush rate subtracted: ${p.backgroundWalSyncPerSec}/s (the whole cluster; other databases' work counts here).${p.statsResetDuringProbe ? " **The cluster's statistics were reset during the probe: no pg_stat figures.**" : ""}`;
}

/**
 * With every core busy in both runs, throughput is the machine's busy time per second over the
 * busy time one request costs, so HTTP ÷ ceiling can be no higher than pgbench's machine CPU per
 * transaction over the HTTP run's machine CPU per request: what the app, Redis and the load
 * generator add on the shared cores, beyond PostgreSQL's own work, is the gap.
 */
function cpuBudgetTable(r: TargetResult): string {
  const rows = ENDPOINTS.filter(([, , , script]) => script).map(([label, sat, , script, key]) => {
    const pg = r.pgbench.find((p) => p.label === script);
    const machine = phaseFigure(r, sat, "machineCpuMsPerRequest");
    const app = phaseFigure(r, sat, "appCpuMsPerRequest");
    const db = phaseFigure(r, sat, "postgresCpuMsPerRequest");
    const rest = machine != null && app != null && db != null ? Math.round((machine - app - db) * 100) / 100 : null;
    const bound = machine && pg?.machineCpuMsPerTransaction ? pct(pg.machineCpuMsPerTransaction / machine) : "–";
    return `| ${label} | ${show(machine)} | ${show(app)} | ${show(db)} | ${show(rest)} | ${show(pg?.machineCpuMsPerTransaction)} | ${show(pg?.postgresCpuMsPerTransaction)} | ${bound} | ${key ? pct(r.ratios[key]) : "–"} |`;
  });
  return `CPU ms per request over each saturation phase, and per transaction over its pgbench run, from \`/proc\`: the machine's
busy time on all cores, the app's process tree, the PostgreSQL cluster (postmaster and every backend) and the rest
(Redis, the load generator or pgbench, the kernel). When both keep every core busy, HTTP ÷ ceiling cannot exceed
pgbench's machine CPU per transaction ÷ the HTTP phase's machine CPU per request ("bound").

| Endpoint | HTTP: machine | app | PostgreSQL | rest | pgbench: machine | PostgreSQL | bound | HTTP / ceiling |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}

const REFERENCE_RATIOS = [
  ["floor", "404 envelope req/s ÷ bare node:http req/s (median of the pairs' ratios)"],
  ["floor_as_shipped", "the same, with the server as `npm start` ships it (– under --ab overrides)"],
  ["cpu_request", "creation: app CPU per request ÷ the reference's"],
  ["cpu_verify", "verification: app CPU per request ÷ the reference's"],
  ["cpu_otp", "`GET /v3/otp/{id}`: app CPU per request ÷ the reference's"],
  ["pg_cpu_request", "PostgreSQL CPU per HTTP creation ÷ per pgbench transaction of create-otp.sql, each at its saturation rate"],
  ["pg_cpu_request_at_rate", "the same at one rate: the fixed-rate creations ÷ create-otp.sql at that rate (pgbench -R)"],
] as const;

function referenceRatios(r: TargetResult): string {
  return `| Ratio | | value |
|---|---|---|
${REFERENCE_RATIOS.map(([key, label]) => `| \`${key}\` | ${label} | ${show(r.ratios[key])} |`).join("\n")}`;
}

function repeatsTable(r: TargetResult): string {
  const entries = Object.entries(r.repeats ?? {});
  if (!entries.length) return "Every phase ran once.";
  const cell = (x: PhaseRepeats, f: RepeatFigure) => (x.median[f] === null ? "–" : `${x.median[f]} (${show(x.spreadPercent[f])} %)`);
  const rows = entries.map(([phase, x]) => `| ${phase} | ${x.reqPerSec.length} | ${cell(x, "reqPerSec")} | ${x.reqPerSec.map(show).join(" · ")} | ${cell(x, "appCpuMsPerRequest")} | ${cell(x, "postgresCpuMsPerRequest")} | ${cell(x, "p99")} |`);
  return `Each saturation and fixed-rate phase ran ${entries[0][1].reqPerSec.length} times, alternately with what it is compared with (A B A B …: the
app's 404 with the reference server, and under --compare / --ab each build with the other). The tables above show the
medians; here each figure's median with its spread ((max − min) ÷ median) and every run's requests/s in the order they ran.

| Phase | runs | req/s median (spread) | req/s run by run | app CPU ms / request (spread) | PostgreSQL CPU ms / request (spread) | p99 ms (spread) |
|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}

function statementTable(title: string, f: StatementFigures | null | undefined, unit: string): string {
  if (!f) return `${title}: no figures.`;
  const rows = f.top.map((x) => `| ${x.sharePercent} % | ${x.callsPerRequest} | ${x.execMicrosPerRequest} | ${x.rowsPerRequest} | ${x.walBytesPerRequest} | \`${x.query.replace(/\|/g, "\\|").slice(0, 160)}\` |`);
  return `${title}: ${f.statementsPerRequest} statements, ${f.execMicrosPerRequest} µs of execution and ${f.walBytesPerRequest} bytes of WAL per ${unit} (${f.requests} ${unit}s).

| share | calls / ${unit} | µs / ${unit} | rows / ${unit} | WAL bytes / ${unit} | statement |
|---|---|---|---|---|---|
${rows.join("\n")}`;
}

function statementsSection(r: TargetResult): string {
  if (!r.statements) return r.statementsNote ?? "No statement figures.";
  const http = Object.entries(r.statements.http).map(([phase, f]) => statementTable(`HTTP, ${phase}`, f, "request"));
  const pgbench = Object.entries(r.statements.pgbench).map(([label, f]) => statementTable(`pgbench, \`${label}\``, f, "transaction"));
  return `From \`pg_stat_statements\` on the benchmark database, reset before each run and summed over a phase's repeats.
Execution time is the backend's wall clock inside the statement (CPU, plus waits for locks and I/O); what PostgreSQL
spends outside statements (connection and protocol handling, COMMIT's WAL flush, autovacuum, the WAL writer) is in the
CPU table above but not here. BEGIN / COMMIT and SET appear as statements of their own; statements run inside
others (a function's, a foreign key's check) are listed too and their time is also in the statement that ran them.

${[...http, ...pgbench].join("\n\n")}`;
}

/**
 * Each endpoint's p99 at half of its saturation rate beside two floors at that same rate:
 * the bare node:http reference (the load generator, the scheduler and loopback on this
 * machine, no work at all) and pgbench running the endpoint's SQL (the database, its commit's
 * flush included, with no HTTP in front).
 */
function latencyFloorTable(r: TargetResult, fsync: FsyncFloor | undefined): string {
  const rows = ENDPOINTS.filter(([, , fixed]) => fixed).map(([label, , fixed, script]) => {
    const app = part(r, fixed!);
    const reference = `${fixed}-reference`;
    const pg = r.pgbench.find((p) => p.script === script && p.rate !== undefined);
    const pair = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? "–" : `${a} / ${b}`);
    const at = (phase: string) => pair(phaseFigure(r, phase, "p50"), phaseFigure(r, phase, "p99"));
    const flushes = (perSecond: number | null | undefined, meanMs: number | null | undefined) => (perSecond == null ? "–" : `${perSecond} · ${meanMs ?? "–"}`);
    return `| ${label} | ${app?.targetRate ?? "–"} | ${at(fixed!)} | ${at(reference)} | ${pair(pg?.latencyP50Ms, pg?.latencyP99Ms)} | ${app?.lagMs ? app.lagMs.p99 : "–"} | ${flushes(phaseFigure(r, fixed!, "walFlushesPerSec"), phaseFigure(r, fixed!, "walFlushMeanMs"))} | ${flushes(pg?.walFlushes?.perSecond, pg?.walFlushes?.meanMs)} |`;
  });
  const disk = fsync
    ? `A commit that waits for its WAL flush waits at least for one 8 kB write and its fdatasync on the cluster's file system: p50 ${fsync.p50Ms} / p99 ${fsync.p99Ms} ms here (${fsync.writes} in a row).`
    : "The disk's flush was not measured in this run.";
  return `Each endpoint at half of its saturation rate (p50 / p99 ms), beside the bare node:http reference loaded at the same
rate (what the load generator, the scheduler and loopback add on this machine with no work at all) and pgbench running
the endpoint's SQL at the same rate with ${r.pgbench[0]?.clients ?? "–"} clients (the database alone, its commits' flushes included; latency from each
transaction's actual start). Both HTTP columns are open loop, Poisson departures at the rate (pgbench's -R schedule too), timed
from the moment a connection took the request; the last column is the load generator's own queueing before that (p99 ms
from the scheduled departure, when every connection was busy; one run's). The HTTP p50 / p99 are medians of the repeats. ${disk}
The last two columns are the whole cluster's WAL flushes while the app's run and pgbench's ran (flushes a second · mean
ms each, from pg_stat_wal with track_wal_io_timing; medians of the repeats for the app): under load a commit waits for the
flush in progress and then its own, so these, not the idle disk's, are the flushes its p99 meets.

| Endpoint | req/s | app | node:http at that rate | pgbench at that rate | app: p99 wait for a connection | WAL flushes, app's run | WAL flushes, pgbench's run |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}

function targetSection(r: TargetResult, heading: string, fsync?: FsyncFloor): string {
  const verifyRows = r.phases.flatMap((phase) => phase.parts.filter((p) => p.verify).map((p) => verifyRow(phase.name, p)));
  const pgRows = r.pgbench.map((p) => `| \`${p.label}\` | ${p.sessionOptions ? `\`${p.sessionOptions}\`` : "–"} | ${p.clients} | ${p.tps} | ${p.latencyAvgMs} | ${p.failed} |`);
  const mixed = r.phases.find((p) => p.name === "mixed");
  const mixedRows = (mixed?.parts ?? []).map((p) => `| ${p.name} | ${p.targetRate} | ${p.requestsPerSec} | ${p.latencyMs.p50} / ${p.latencyMs.p95} / ${p.latencyMs.p99} | ${errorsOf(p)} |`);
  return `## ${heading}

Source: ${r.sourceTree}${r.buildSeconds ? ` (built in ${r.buildSeconds} s)` : ""}.

### Per endpoint

${endpointTable(r)}

- HTTP floor: the app's 404 ÷ the bare node:http server's: **${pct(r.ratios.floor)}**
- One big merchant: creations on one merchant ÷ creations over all merchants: **${pct(r.ratios.singleMerchant)}**
- Server process tree: RSS ${r.server.rssMiBAfterLoad} MiB after the load, peak ${r.server.peakRssMiB} MiB
- Server environment beyond \`npm start\`'s defaults: ${r.overrides && Object.keys(r.overrides).length ? Object.entries(r.overrides).map(([k, v]) => `\`${k}=${v}\``).join(", ") : "none (as shipped: request log lines to a file, worker in the app, API log and hot-path metrics on)"}

### Against the bare node:http reference

${referenceRatios(r)}

### p99 at half of saturation, against its floors

${latencyFloorTable(r, fsync)}

### Repeats

${repeatsTable(r)}

### Where the CPU goes (saturation ÷ pgbench)

${cpuBudgetTable(r)}

### Where PostgreSQL's time goes (statements)

${statementsSection(r)}

### Database work per request (sequential probe)

${probeTable(r)}

### Verify codes, as sent and as answered

${r.verifySupply.otps} delivered OTPs were available${r.verifySupply.toppedUpForSeconds ? `, topped up by an unmeasured ${r.verifySupply.toppedUpForSeconds} s creation run` : ""}.

| Phase | right sent | wrong sent | answers | OTPs ran out |
|---|---|---|---|---|
${verifyRows.join("\n")}

### Mixed load (all three at once, fixed rates)

| Part | target req/s | achieved req/s | p50 / p95 / p99 ms | errors |
|---|---|---|---|---|
${mixedRows.join("\n")}

### pgbench runs (this build's bench/pgbench/*.sql)

| Script | session options | clients | tps | avg latency ms | failed |
|---|---|---|---|---|---|
${pgRows.join("\n")}

- Ledger: ${r.invariants.ledgerBalanced === null ? `not checked (${r.invariants.error})` : `${r.invariants.ledgerBalanced ? "balanced" : "NOT balanced"} for all ${r.invariants.merchants} merchants; merchants below zero: ${r.invariants.negativeSaldo}`}
`;
}

function compareSection(work: TargetResult, base: TargetResult, ratios: CompareRatios): string {
  const rows = Object.entries(ratios).map(([phase, x]) => {
    const f = (t: TargetResult, figure: RepeatFigure) => show(phaseFigure(t, phase, figure));
    return `| ${phase} | ${f(base, "reqPerSec")} → ${f(work, "reqPerSec")} | ${show(x.reqPerSec)} | ${f(base, "appCpuMsPerRequest")} → ${f(work, "appCpuMsPerRequest")} | ${show(x.appCpuMsPerRequest)} | ${f(base, "p50")} / ${f(base, "p99")} → ${f(work, "p50")} / ${f(work, "p99")} |`;
  });
  const probeRow = (label: string, get: (p: ProbeResult) => number | null) =>
    `| ${label} | ${base.probe ? show(get(base.probe)) : "–"} | ${work.probe ? show(get(work.probe)) : "–"} |`;
  return `## A/B: ${base.label} → working tree

Both builds were up at once on their own databases and were loaded step by step alternately (A B, then B A;
each saturation phase as A B A B … pairs, medians shown), with the same load generator and bench code. Ratios are
working tree ÷ base (req/s: higher is better; CPU and latency: lower is better). Fixed-rate phases run each build at half of its own saturation rate. floor-reference
is the same node:http server in both columns: its ratio shows how much the machine drifted between the two builds'
slots. For the mixed phase the row shows its first part (creations).

| Phase | req/s | ratio | app CPU ms / request | ratio | p50 / p99 ms |
|---|---|---|---|---|---|
${rows.join("\n")}

| Per request (sequential probe) | base | working tree |
|---|---|---|
${probeRow("creation: statements", (p) => p.creation.statements)}
${probeRow("creation: round trips", (p) => p.creation.roundTrips)}
${probeRow("creation: waits (round trips in turn)", (p) => p.creation.waits)}
${probeRow("creation: transactions (wire)", (p) => p.creation.transactions)}
${probeRow("creation: xact_commit", (p) => p.creation.xactCommit)}
${probeRow("creation: commits waiting for a flush (wire)", (p) => p.creation.flushedCommits)}
${probeRow("creation: WAL flushes (pg_stat_wal)", (p) => p.creation.walSync)}
${probeRow("verify, right code: statements", (p) => p.verifyRight.statements)}
${probeRow("verify, right code: transactions (wire)", (p) => p.verifyRight.transactions)}
${probeRow("verify, right code: waits (round trips in turn)", (p) => p.verifyRight.waits)}
${probeRow("verify, right code: most statements in one transaction", (p) => p.verifyRight.maxStatementsPerTransaction)}
${probeRow("verify, right code: commits waiting for a flush (wire)", (p) => p.verifyRight.flushedCommits)}
${probeRow("verify, wrong code: statements", (p) => p.verifyWrong.statements)}
| HTTP floor (404 ÷ node:http) | ${pct(base.ratios.floor)} | ${pct(work.ratios.floor)} |
${REFERENCE_RATIOS.slice(2).map(([key]) => `| \`${key}\` | ${show(base.ratios[key])} | ${show(work.ratios[key])} |`).join("\n")}
| one merchant ÷ 8 merchants | ${pct(base.ratios.singleMerchant)} | ${pct(work.ratios.singleMerchant)} |
| RSS after load / peak, MiB | ${base.server.rssMiBAfterLoad} / ${base.server.peakRssMiB} | ${work.server.rssMiBAfterLoad} / ${work.server.peakRssMiB} |
`;
}

function summary(r: BenchReport, jsonName: string): string {
  const m = r.machine;
  const work: TargetResult = { label: "working tree", sourceTree: String(r.config.sourceTree), buildSeconds: r.buildSeconds, phases: r.phases, repeats: r.repeats, overrides: r.overrides, statements: r.statements, statementsNote: r.statementsNote, pgbench: r.pgbench, ratios: r.ratios, server: r.server, probe: r.probe, verifySupply: r.verifySupply, invariants: r.invariants };
  return `# Benchmark summary

Generated by \`npm run bench${benchArgs(r)}\` on ${r.startedAt} (${r.totalSeconds} s in all). Raw figures: \`${jsonName}\`.

## Machine

| | |
|---|---|
| CPUs (\`nproc\`) | ${m.nproc} |
| Memory | ${m.memoryMiB} MiB |
| CPU model | ${m.cpuModel} |
| Node.js | ${m.node} |
| PostgreSQL | ${m.postgres} |
| Kernel | ${m.kernel} |
| Load average at start | ${m.loadAverageAtStart.join(", ")} |

The app (the production build served by \`src/server/front/serve.mjs\`, as \`npm start\` runs it), PostgreSQL, Redis and the load generator (a second
process) all share these CPUs, over loopback. Figures are for comparing runs on one machine, not a capacity promise.

## Configuration

${Object.entries(r.config).map(([k, v]) => `- ${k}: ${v}`).join("\n")}

## How to read it

Saturation: ${r.config.saturationConnections} connections, as fast as answered; the fixed-rate column loads the same endpoint at half
of the rate it reached at saturation (the rate, then p50 / p99 ms), open loop: requests leave on a Poisson schedule
(\`bench/lib/paced-load.ts\`, as pgbench's -R), each timed from the moment a connection took it. Errors: non-2xx (by status) / socket errors +
timeouts, saturation · fixed (the 404 rows answer 404 by design). App CPU ms / request: user + system CPU time of the
server's process tree during the phase over the requests it answered; unlike req/s it moves little with what else the
machine does. The PostgreSQL ceiling is pgbench running the same statements (\`bench/pgbench/*.sql\`) with
${r.config.pgbenchClients} clients (the app's DB_POOL_SIZE); HTTP / ceiling is req/s at saturation over it. The probe sends requests
one at a time to a second server of the same build whose PostgreSQL connections go through a counting proxy:
statements (Query or Execute messages, BEGIN and COMMIT included and also counted apart; the most statements one
transaction had, BEGIN and COMMIT left out), round trips (ReadyForQuery answers), waits (times the app sent with no
answer outstanding: the round trips it waited out one after another; pipelined queries are one) and transactions as seen on the wire;
xact_commit from \`pg_stat_database\` (read-only transactions included) and WAL flushes (\`pg_stat_wal.wal_sync\`, whole
cluster, idle rate subtracted) over the same requests. One request at a time means no group commit: every flush is one
a commit waited for (plus the WAL writer's flushes of asynchronous commits, and whatever other databases on the cluster
did beyond their idle rate, so this figure is noisy on a shared machine). Commits waiting for a flush (wire) is the
proxy's count of transactions that wrote (INSERT / UPDATE / DELETE / MERGE, or a FOR UPDATE / FOR SHARE row lock) on
a session with synchronous commit. xact_commit also counts autovacuum's work on the benchmark database.

${r.compare ? compareSection(work, r.compare.base, r.compare.ratios) + "\n" : ""}${targetSection(work, "Working tree", r.fsync)}${r.compare ? `\n${targetSection(r.compare.base, `Base: ${r.compare.base.label}`, r.fsync)}` : ""}`;
}

function verifyRow(phase: string, p: PartResult): string {
  const v = p.verify!;
  const answers = Object.entries(v.answers)
    .sort(([, a], [, b]) => b - a)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  return `| ${phase}${p.name === "verify" ? "" : ` (${p.name})`} | ${v.sent.right} | ${v.sent.wrong} | ${answers || "–"} | ${v.poolRanOutAfterSec === null ? "no" : `after ${v.poolRanOutAfterSec} s (part stopped)`} |`;
}
