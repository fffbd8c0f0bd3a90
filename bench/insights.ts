// Insights benchmark: how long a 30-day summary takes for a merchant with 5 million
// OTPs (a year of ~14,000 a day), with the daily rollup the worker keeps and, for
// comparison, computed from the OTP rows alone. Seeds its own database on this
// machine's PostgreSQL (dropped at the end), prints the figures and writes them to
// bench/results/insights-<time>.{md,json}. Usage: npx tsx bench/insights.ts
// (BENCH_INSIGHTS_OTPS=5000000, BENCH_INSIGHTS_RUNS=20, BENCH_PG_ADMIN_URL).
import os from "node:os";
import path from "node:path";
import { adminQuery, dropDatabase, recreateDatabase } from "./lib/database";
import { keepResults } from "./lib/kept-results";
import { machineInfo } from "./lib/machine";
import { summarizeLatencies, type LatencySummary } from "./lib/percentiles";

const OTPS = Number(process.env.BENCH_INSIGHTS_OTPS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 20);
const DB = "sandi_bench_insights";
const DAYS = 365;

const prefixes = ["62812", "62813", "62852", "62857", "62815", "62878", "62838", "62896", "62881", "62899"];

/** One block of OTPs (ids lo..hi) spread over the year ending now, with their first delivery. */
/** Ids follow creation time, as they do in production; the last OTPs are minutes old. */
function seedSql(merchantId: number, lo: number, hi: number): string {
  return `
  WITH g AS (
    SELECT i, now() - interval '${DAYS} days' * (1 - i::float8 / ${OTPS + 1}) AS at, ((i::bigint * 7919) % 100)::int AS r FROM generate_series(${lo}, ${hi}) i
  ), ins AS (
    INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, otp_length, attempts, max_attempts,
      expires_at, verified_at, price, charged, fingerprint, provider, fallback_index, first_channel, created_at, updated_at)
    SELECT 'OTPBENCH' || i, ${merchantId}, (ARRAY['whatsapp','sms','voice']::"Channel"[])[1 + i % 3],
      d, d,
      (CASE WHEN r < 62 THEN 'verified' WHEN r < 66 THEN 'failed' ELSE 'success' END)::"OtpStatus", 6,
      CASE WHEN r BETWEEN 66 AND 67 THEN 5 ELSE 0 END, 5, at + interval '5 minutes',
      CASE WHEN r < 62 THEN at + make_interval(secs => 5 + (i % 120)) END,
      (ARRAY[350, 450, 800])[1 + i % 3], r >= 66 OR r < 62, 'bench', 'sandbox', CASE WHEN r < 6 THEN 1 ELSE 0 END,
      CASE WHEN r < 6 THEN 'whatsapp'::"Channel" END, at, at
    FROM g, LATERAL (SELECT (ARRAY[${prefixes.map((p) => `'${p}'`).join(",")}])[1 + i % ${prefixes.length}] || lpad((i % 100000000)::text, 8, '0') AS d) dd
    RETURNING id, price, status, created_at
  )
  INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, sent_at, created_at)
  SELECT id, 1, 'sms', CASE WHEN status = 'failed' THEN 'failed' ELSE 'success' END, price, status <> 'failed', 'sandbox',
    CASE WHEN status <> 'failed' THEN created_at + interval '2 seconds' END, created_at FROM ins`;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await fn();
  return [performance.now() - started, value];
}

async function main(): Promise<void> {
  const url = await recreateDatabase(DB);
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR ??= path.join(os.tmpdir(), "sandi-bench-insights");
  const { createMerchant } = await import("@/server/services/merchants/merchants");
  const { getDb, disconnectDb } = await import("@/server/db/client");
  const { buildInsightsRollups } = await import("@/server/services/insights/rollup");
  const { getInsightsSummary } = await import("@/server/services/insights/summary");
  const { getInsightsReport } = await import("@/server/services/insights/report");

  const busy = await createMerchant({ name: "Bench Ramai", email: "ramai@bench.test", brandName: "Ramai", saldo: 1_000_000 });
  await createMerchant({ name: "Bench Sepi", email: "sepi@bench.test", brandName: "Sepi", saldo: 1_000_000 });
  const db = await getDb();
  const world = (await db.merchant.findUniqueOrThrow({ where: { merchantId: busy.merchant_id }, select: { id: true } })).id;

  const block = 250_000;
  const [seedMs] = await time(async () => {
    for (let lo = 1; lo <= OTPS; lo += block) {
      await adminQuery(seedSql(world, lo, Math.min(OTPS, lo + block - 1)), [], url);
      process.stdout.write(`seeded ${Math.min(OTPS, lo + block - 1).toLocaleString("en")} OTPs\n`);
    }
    await adminQuery("ANALYZE otp_transactions; ANALYZE otp_deliveries", [], url);
  });

  const now = new Date();
  const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const last30 = { from: daysAgo(29), to: today };
  const year = { from: daysAgo(364), to: today };

  const measure = async (fn: () => Promise<unknown>, runs = RUNS): Promise<LatencySummary> => {
    await fn(); // warm: plans, caches
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push((await time(fn))[0]);
    return summarizeLatencies(ms);
  };

  // Before the worker has written anything: every day from the OTP rows.
  const liveOnly = await measure(() => getInsightsSummary(world, { ...last30, groupBy: "channel" }, new Date()), 5);

  const [rollupMs] = await time(async () => {
    while ((await buildInsightsRollups(new Date())).length > 0);
  });
  const [{ count: rollupRows }] = await adminQuery<{ count: string }>("SELECT count(*) FROM otp_insights_daily", [], url);

  const figures: Record<string, LatencySummary> = { "30 days, group_by=channel, no rollup (every day from the OTP rows)": liveOnly };
  for (const group of [undefined, "channel", "operator", "day", "hour", "fallback_step"] as const) {
    figures[`30 days, ${group ? `group_by=${group}` : "totals only"}`] = await measure(() => getInsightsSummary(world, { ...last30, groupBy: group }, new Date()));
  }
  figures["365 days, group_by=day"] = await measure(() => getInsightsSummary(world, { ...year, groupBy: "day" }, new Date()));
  figures["30 days, the dashboard's whole page (every breakdown and the timings)"] = await measure(() => getInsightsReport(world, last30, new Date()));
  const check = await getInsightsSummary(world, { ...year }, new Date());

  const [{ server_version: version }] = await adminQuery<{ server_version: string }>("SHOW server_version", [], url);
  const result = {
    at: now.toISOString(),
    machine: machineInfo(version),
    otps: OTPS,
    otpsInYearSummary: check.totals.created,
    otpsToday: (await getInsightsSummary(world, { from: today, to: today }, new Date())).totals.created,
    seedSeconds: Math.round(seedMs / 100) / 10,
    rollupBackfillSeconds: Math.round(rollupMs / 100) / 10,
    rollupRows: Number(rollupRows),
    runsEach: RUNS,
    latencyMs: figures,
  };
  await disconnectDb();
  if (!process.env.BENCH_INSIGHTS_KEEP) await dropDatabase(DB);

  const lines = [
    `# Insights benchmark, ${result.at}`,
    "",
    `${result.machine.nproc} vCPUs, ${result.machine.memoryMiB} MiB, PostgreSQL ${version}, Node ${result.machine.node}; shared with other work (load average at start ${result.machine.loadAverageAtStart.join(" ")}).`,
    `One merchant with ${OTPS.toLocaleString("en")} OTPs over ${DAYS} days (${result.otpsToday.toLocaleString("en")} of them today, computed live), plus their deliveries. Seeding took ${result.seedSeconds} s; the worker's rollup of the ${DAYS} settled days (${result.rollupRows.toLocaleString("en")} rollup rows) took ${result.rollupBackfillSeconds} s.`,
    "",
    `| Query (service call, ${RUNS} runs after one warm-up) | p50 ms | p95 ms | max ms |`,
    "|---|---:|---:|---:|",
    ...Object.entries(figures).map(([name, s]) => `| ${name} | ${s.p50} | ${s.p95} | ${s.max} |`),
    "",
  ];
  keepResults("insights", result.at, lines.join("\n"), result);
  process.stdout.write(lines.join("\n") + "\n");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
