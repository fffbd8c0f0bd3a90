// The PostgreSQL ceiling for the same SQL work the API does: pgbench runs the
// statements of one creation / one verification / one read (bench/pgbench/*.sql,
// one file per ceiling; every file there is run, see ceilingsIn) with as
// many clients as the app's connection pool has, over TCP on loopback. sessionOptions
// open pgbench's sessions as the app opens a pool's (e.g. "-c synchronous_commit=off",
// as src/server/db/async-commit-pool.ts does for the daily otp_id counter).
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { summarizeLatencies } from "./percentiles";
import { cpuDuring, msPer } from "./proc";
import { walFlushesDuring, type WalFlushes } from "./wal-flushes";

const run = promisify(execFile);
const PGBENCH = process.env.PGBENCH_BIN ?? "/usr/bin/pgbench";

export type PgbenchResult = {
  label: string;
  script: string;
  sessionOptions: string | null;
  clients: number;
  durationSec: number;
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  failed: number;
  /** PostgreSQL's CPU per transaction over the run (absent in results from before it was measured). */
  postgresCpuMsPerTransaction?: number | null;
  /** Every core's busy time per transaction (PostgreSQL, pgbench itself, the rest). */
  machineCpuMsPerTransaction?: number | null;
  /** The cluster's WAL flushes during the run. */
  walFlushes?: WalFlushes | null;
  /** A run held to a fixed rate (`-R`): that rate, and each transaction's latency from its actual start (schedule lag left out), as the HTTP load generator measures a request. */
  rate?: number;
  latencyP50Ms?: number | null;
  latencyP99Ms?: number | null;
};

/** One pgbench run a script asks for: its label, and PGOPTIONS for its sessions. */
export type Ceiling = { script: string; label: string; sessionOptions?: string };

/**
 * Every bench/pgbench/*.sql file of a checkout is a ceiling, run once with plain
 * sessions unless it says otherwise in lines of its own:
 *   -- bench-run: <label suffix> | <PGOPTIONS>
 * one run per line; an empty suffix labels the run with the file name alone.
 */
export function ceilingsIn(root = process.cwd()): Ceiling[] {
  const dir = path.join(root, "bench", "pgbench");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((script) => {
      const runs = [...readFileSync(path.join(dir, script), "utf8").matchAll(/^-- bench-run:([^|\n]*)\|([^\n]*)$/gm)];
      if (!runs.length) return [{ script, label: script }];
      return runs.map(([, suffix, options]) => ({
        script,
        label: suffix.trim() ? `${script}, ${suffix.trim()}` : script,
        ...(options.trim() ? { sessionOptions: options.trim() } : {}),
      }));
    });
}

export async function pgbench(options: {
  label?: string;
  /** The checkout whose bench/pgbench holds the script (default: the working tree). */
  root?: string;
  url: string;
  script: string;
  sessionOptions?: string;
  clients: number;
  durationSec: number;
  vars: Record<string, string | number>;
  /** `extended` sends every statement unnamed (parsed and planned each time), as the app does with DB_POOLER=pgbouncer. */
  protocol?: "prepared" | "extended";
  /** Transactions per second over all clients (`-R`), each one's latency logged (`-l`); unset: as fast as answered. */
  rate?: number;
}): Promise<PgbenchResult> {
  const file = path.join(options.root ?? process.cwd(), "bench", "pgbench", options.script);
  const args = ["-n", "-M", options.protocol ?? "prepared", "-c", String(options.clients), "-j", String(Math.min(2, options.clients)), "-T", String(options.durationSec), "-f", file];
  const logDir = options.rate ? mkdtempSync(path.join(os.tmpdir(), "sandi-pgbench-log-")) : undefined;
  if (logDir) args.push("-R", String(options.rate), "-l", `--log-prefix=${path.join(logDir, "tx")}`);
  for (const [k, v] of Object.entries(options.vars)) args.push("-D", `${k}=${v}`);
  args.push(options.url);
  const env = options.sessionOptions ? { ...process.env, PGOPTIONS: options.sessionOptions } : process.env;
  const {
    result: {
      result: { stdout },
      postgresMs,
      machineMs,
    },
    walFlushes,
  } = await walFlushesDuring(() => cpuDuring(() => run(PGBENCH, args, { maxBuffer: 10 * 1024 * 1024, env }))).catch((err: unknown) => {
    if (logDir) rmSync(logDir, { recursive: true, force: true });
    throw err;
  });
  const latencies = logDir ? loggedLatencies(logDir) : undefined;
  const number = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? NaN);
  const transactions = number(/actually processed: (\d+)/);
  return {
    label: options.label ?? options.script,
    script: options.script,
    sessionOptions: options.sessionOptions ?? null,
    clients: options.clients,
    durationSec: options.durationSec,
    tps: Math.round(number(/tps = ([\d.]+)/) * 10) / 10,
    latencyAvgMs: number(/latency average = ([\d.]+) ms/),
    transactions,
    failed: number(/failed transactions: (\d+)/) || 0,
    postgresCpuMsPerTransaction: msPer(postgresMs, transactions),
    machineCpuMsPerTransaction: msPer(machineMs, transactions),
    walFlushes,
    ...(latencies ? { rate: options.rate, latencyP50Ms: latencies.p50, latencyP99Ms: latencies.p99 } : {}),
  };
}

/**
 * p50 and p99 of the transactions pgbench logged (`-l`): each line is
 * `client_id transaction_no time script_no time_epoch time_us schedule_lag`, times in µs,
 * `time` counted from the transaction's scheduled start; the schedule lag is taken off, so
 * what is left is the transaction from its actual start. Reads and removes the log directory.
 */
function loggedLatencies(dir: string): { p50: number | null; p99: number | null } {
  try {
    const micros = readdirSync(dir).flatMap((f) =>
      readFileSync(path.join(dir, f), "utf8")
        .split("\n")
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols.length >= 7 && /^\d+$/.test(cols[2]))
        .map((cols) => Number(cols[2]) - Number(cols[6])),
    );
    if (!micros.length) return { p50: null, p99: null };
    const { p50, p99 } = summarizeLatencies(micros.map((us) => us / 1000));
    return { p50, p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function pgbenchVersion(): Promise<string> {
  const { stdout } = await run(PGBENCH, ["--version"]);
  return stdout.trim();
}
