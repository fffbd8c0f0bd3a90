// The PostgreSQL ceiling for the same SQL work the API does: pgbench runs the
// statements of one creation / one verification (bench/pgbench/*.sql) with as
// many clients as the app's connection pool has, over TCP on loopback. sessionOptions
// open pgbench's sessions as the app opens a pool's (e.g. "-c synchronous_commit=off",
// as src/server/db/async-commit-pool.ts does for the daily otp_id counter).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const PGBENCH = process.env.PGBENCH_BIN ?? "/usr/bin/pgbench";

export type PgbenchResult = { label: string; script: string; sessionOptions: string | null; clients: number; durationSec: number; tps: number; latencyAvgMs: number; transactions: number; failed: number };

export async function pgbench(options: {
  label?: string;
  url: string;
  script: string;
  sessionOptions?: string;
  clients: number;
  durationSec: number;
  vars: Record<string, string | number>;
}): Promise<PgbenchResult> {
  const file = path.join(process.cwd(), "bench", "pgbench", options.script);
  const args = ["-n", "-M", "extended", "-c", String(options.clients), "-j", String(Math.min(2, options.clients)), "-T", String(options.durationSec), "-f", file];
  for (const [k, v] of Object.entries(options.vars)) args.push("-D", `${k}=${v}`);
  args.push(options.url);
  const env = options.sessionOptions ? { ...process.env, PGOPTIONS: options.sessionOptions } : process.env;
  const { stdout } = await run(PGBENCH, args, { maxBuffer: 10 * 1024 * 1024, env });
  const number = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? NaN);
  return {
    label: options.label ?? options.script,
    script: options.script,
    sessionOptions: options.sessionOptions ?? null,
    clients: options.clients,
    durationSec: options.durationSec,
    tps: Math.round(number(/tps = ([\d.]+)/) * 10) / 10,
    latencyAvgMs: number(/latency average = ([\d.]+) ms/),
    transactions: number(/actually processed: (\d+)/),
    failed: number(/failed transactions: (\d+)/) || 0,
  };
}

export async function pgbenchVersion(): Promise<string> {
  const { stdout } = await run(PGBENCH, ["--version"]);
  return stdout.trim();
}
