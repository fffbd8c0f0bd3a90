// `npx tsx bench/pooler-cost.ts`: what DB_POOLER=pgbouncer costs PostgreSQL. Behind a
// transaction-mode PgBouncer the app sends its statements unnamed, so PostgreSQL parses
// and plans each one every time instead of once per connection. This runs the SQL of one
// creation, one verification and one read (bench/pgbench/*.sql, the statements the app
// sends) with pgbench, named (`-M prepared`, as the app by default) and unnamed
// (`-M extended`), directly against PostgreSQL, alternately ROUNDS times, and prints
// transactions per second and PostgreSQL's CPU per transaction for both, and their ratio.
// The whole app under HTTP load, with and without the setting: `npm run bench -- --ab DB_POOLER=pgbouncer`.
//
// Uses the benchmark database a `npm run bench` left (BENCH_DB, default sandi_bench: migrated,
// seeded, with OTPs to verify). Knobs: BENCH_DB, BENCH_PGBENCH_SECONDS (10), ROUNDS (3), DB_POOL_SIZE (10 clients).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adminQuery, databaseUrl } from "./lib/database";
import { machineInfo } from "./lib/machine";
import { ceilingsIn, pgbench, type PgbenchResult } from "./lib/pgbench";
import { median } from "./lib/repeats";

const DB = process.env.BENCH_DB ?? "sandi_bench";
const SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = Number(process.env.DB_POOL_SIZE ?? 10);
const MERCHANTS = 8;

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const url = databaseUrl(DB);
  const [range] = await adminQuery<{ min: string | null; max: string | null }>("SELECT min(id) AS min, max(id) AS max FROM otp_transactions", [], url).catch(() => [{ min: null, max: null }]);
  if (!range.min) throw new Error(`${DB} has no OTPs to verify: run \`npm run bench\` (with the same BENCH_DB) first`);
  await adminQuery("UPDATE merchants SET saldo = saldo + 1000000000 WHERE id <= $1 AND saldo < 1000000000", [MERCHANTS], url);
  const [{ version }] = await adminQuery<{ version: string }>("SELECT split_part(version(), ' on ', 1) AS version");
  const machine = machineInfo(version);
  const wibDay = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const vars = { merchants: MERCHANTS, day: wibDay, price: 450, minid: range.min, maxid: range.max! };
  const runs: Record<string, { named: PgbenchResult[]; unnamed: PgbenchResult[] }> = {};
  for (let i = 0; i < ROUNDS; i++) {
    for (const c of ceilingsIn()) {
      const entry = (runs[c.label] ??= { named: [], unnamed: [] });
      // Alternate which goes first, so drift on the machine hits both.
      const order = i % 2 === 0 ? (["prepared", "extended"] as const) : (["extended", "prepared"] as const);
      for (const protocol of order) {
        const result = await pgbench({ label: c.label, url, script: c.script, sessionOptions: c.sessionOptions, clients: CLIENTS, durationSec: SECONDS, vars, protocol });
        (protocol === "prepared" ? entry.named : entry.unnamed).push(result);
        console.log(JSON.stringify({ msg: "pgbench", run: c.label, protocol, tps: result.tps, postgresCpuMs: result.postgresCpuMsPerTransaction, failed: result.failed }));
      }
    }
  }
  const rows = Object.entries(runs).map(([label, { named, unnamed }]) => {
    const tps = [median(named.map((r) => r.tps)), median(unnamed.map((r) => r.tps))];
    // PostgreSQL's CPU is read from /proc: 0 where its processes are not visible from here (another container).
    const cpu = [median(named.map((r) => r.postgresCpuMsPerTransaction ?? 0)), median(unnamed.map((r) => r.postgresCpuMsPerTransaction ?? 0))];
    const cpuRatio = cpu[0] > 0 ? String(round(cpu[1] / cpu[0])) : "not measured";
    return { label, tps, cpu, tpsRatio: round(tps[1] / tps[0]), cpuRatio, all: [named.map((r) => r.tps), unnamed.map((r) => r.tps)] };
  });
  const lines = [
    `# What unnamed statements (DB_POOLER=pgbouncer) cost PostgreSQL — ${new Date().toISOString()}`,
    "",
    `pgbench, ${CLIENTS} clients, ${SECONDS} s per run, ${ROUNDS} rounds alternating, medians; database ${DB}. ${machine.nproc} vCPUs, ${machine.postgres}, load average at start ${machine.loadAverageAtStart.join(" / ")}.`,
    "",
    "| Script (one app request's SQL) | tps named → unnamed (median) | ratio | every run's tps, named · unnamed | PostgreSQL CPU ms / transaction named → unnamed | ratio |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.label} | ${r.tps[0]} → ${r.tps[1]} | ${r.tpsRatio} | ${r.all[0].join(", ")} · ${r.all[1].join(", ")} | ${r.cpu[0]} → ${r.cpu[1]} | ${r.cpuRatio} |`),
    "",
  ];
  const dir = path.join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pooler-cost-${new Date().toISOString().replace(/[:.]/g, "-")}.md`);
  writeFileSync(file, lines.join("\n"));
  console.log(lines.join("\n"));
  console.log(JSON.stringify({ msg: "done", file }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
