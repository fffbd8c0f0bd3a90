// Reads the insights numbers for a scope (one world, or every world of a mode) and a
// range of WIB days: rollup rows for the days the worker has rolled up, the OTP rows
// themselves for the rest (today, and any day not reached yet), on one snapshot so
// a day being rolled up meanwhile is counted exactly once.
import { getDb, type Tx } from "@/server/db/client";
import { bucketSql, countSums, DELIVERIES_LATERAL, factsSelect } from "./facts-sql";
import type { Grouping } from "./facts-sql";

export type Scope = { world: number } | { allWorlds: "live" | "test" };
export type DayRange = { from: string; to: string };

export type Counts = { created: number; delivered: number; verified: number; failed: number; expired: number; locked: number; spend: number; unverifiedSpend: number };
export type KeyedCounts = Counts & { key: string };
export type TimingKind = "delivered" | "verified";
export type TimingBucket = { kind: TimingKind; bucket: number; count: number };

type Sources = { sql: string; params: unknown[]; rollupWhere: string };

/**
 * The CTE `facts` (one row per OTP of the days not rolled up) and the rollup rows'
 * condition. Called inside inSnapshot, so the days read as rolled up here are the
 * ones whose rollup rows the same statement sees: each day is counted once. The
 * not-rolled-up days go in as literal time ranges (usually one: today), which the
 * planner reads through (merchant_id, created_at).
 */
async function sources(tx: Tx, scope: Scope, range: DayRange, now: Date): Promise<Sources> {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => `$${params.push(value)}::${type}`;
  const built = await tx.$queryRawUnsafe<{ day: string }[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM otp_insights_days WHERE day BETWEEN $1::date AND $2::date`,
    range.from,
    range.to,
  );
  const runs = openRuns(range, new Set(built.map((b) => b.day)));
  const scopeSql = "world" in scope ? param(scope.world, "int") : `(SELECT id FROM merchants WHERE live_merchant_id ${scope.allWorlds === "test" ? "IS NOT NULL" : "IS NULL"})`;
  const inScope = "world" in scope ? `= ${scopeSql}` : `IN ${scopeSql}`;
  const during = runs.length === 0 ? "false" : runs.map((r) => `(o.created_at >= ${param(r.start, "timestamptz")} AND o.created_at < ${param(r.end, "timestamptz")})`).join(" OR ");
  const sql = `WITH facts AS (
      SELECT ${factsSelect(param(now, "timestamptz"))}
      FROM otp_transactions o ${DELIVERIES_LATERAL}
      WHERE o.merchant_id ${inScope} AND (${during})
    )`;
  const rollupWhere = `merchant_id ${inScope} AND day BETWEEN ${param(range.from, "date")} AND ${param(range.to, "date")}`;
  return { sql, params, rollupWhere };
}

const DAY_MS = 86_400_000;
const wibStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+07:00`));

/** The range's days not rolled up, as runs of consecutive days [start, end). */
export function openRuns(range: DayRange, built: Set<string>): { start: Date; end: Date }[] {
  const runs: { start: Date; end: Date }[] = [];
  for (let t = wibStart(range.from).getTime(); t <= wibStart(range.to).getTime(); t += DAY_MS) {
    const day = new Date(t + 7 * 3_600_000).toISOString().slice(0, 10);
    if (built.has(day)) continue;
    const last = runs.at(-1);
    if (last && last.end.getTime() === t) last.end = new Date(t + DAY_MS);
    else runs.push({ start: new Date(t), end: new Date(t + DAY_MS) });
  }
  return runs;
}

// GROUPING(<the columns the sets use, in this order>): a bit is set for each column a set leaves out.
const ORDER = ["channel", "operator", "day", "hour", "fallback_step"];
const COLUMNS: Record<Exclude<Grouping, "total">, string[]> = {
  channel: ["channel"],
  operator: ["operator"],
  day: ["day"],
  hour: ["hour"],
  fallback_step: ["fallback_step"],
  channel_operator: ["channel", "operator"],
};
const columnsOf = (g: Grouping) => (g === "total" ? [] : COLUMNS[g]);

/** The mask GROUPING(used…) gives the rows of set g. */
function maskOf(g: Grouping, used: string[]): number {
  return used.reduce((mask, c, i) => (columnsOf(g).includes(c) ? mask : mask | (1 << (used.length - 1 - i))), 0);
}

const KEY_COLUMNS: Record<string, string> = {
  channel: "channel::text",
  operator: "operator",
  day: "to_char(day, 'YYYY-MM-DD')",
  hour: "hour::int",
  fallback_step: "fallback_step::int",
};
/** Only grouped columns may be selected; the others come back null. */
const selectKeys = (used: string[]) => ORDER.map((c) => `${used.includes(c) ? KEY_COLUMNS[c] : "NULL"} AS ${c}`).join(", ");

type Row = { g: number; channel: string | null; operator: string | null; day: string | null; hour: number | null; fallback_step: number | null } & Record<keyof Omit<Counts, "unverifiedSpend"> | "unverified_spend", bigint>;

function keyOf(g: Grouping, r: Row): string {
  if (g === "total") return "";
  if (g === "hour") return String(r.hour).padStart(2, "0");
  if (g === "channel_operator") return `${r.channel}:${r.operator}`;
  return String(r[g]);
}

/** Each grouping asked for, its buckets in key order (only buckets with OTPs). */
export async function readBreakdowns<G extends Grouping>(db: Tx, scope: Scope, range: DayRange, groupings: readonly G[], now: Date): Promise<Record<G, KeyedCounts[]>> {
  const { sql, params, rollupWhere } = await sources(db, scope, range, now);
  const sets = groupings.map((g) => `(${columnsOf(g).join(", ")})`).join(", ");
  const used = ORDER.filter((c) => groupings.some((g) => columnsOf(g).includes(c)));
  const rows = await db.$queryRawUnsafe<Row[]>(
    `${sql},
    rows AS (
      SELECT channel, operator, day, hour, fallback_step, created, delivered, verified, failed, expired, locked, spend, unverified_spend
      FROM otp_insights_daily WHERE ${rollupWhere}
      UNION ALL
      SELECT channel, operator, day, hour, fallback_step, 1, delivered, verified, failed, expired, locked, spend, unverified_spend FROM facts
    )
    SELECT ${used.length ? `GROUPING(${used.join(", ")})` : "0"} AS g, ${selectKeys(used)}, ${countSums("created")}
    FROM rows GROUP BY GROUPING SETS (${sets})`,
    ...params,
  );
  const out = {} as Record<G, KeyedCounts[]>;
  for (const g of groupings) {
    const mask = maskOf(g, used);
    out[g] = rows
      .filter((r) => Number(r.g) === mask)
      .map((r) => ({ key: keyOf(g, r), ...countsOf(r) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  return out;
}

function countsOf(r: Row): Counts {
  return {
    created: Number(r.created),
    delivered: Number(r.delivered),
    verified: Number(r.verified),
    failed: Number(r.failed),
    expired: Number(r.expired),
    locked: Number(r.locked),
    spend: Number(r.spend),
    unverifiedSpend: Number(r.unverified_spend),
  };
}

/** How many OTPs took each bucket of seconds to be sent and to be verified. */
export async function readTimings(db: Tx, scope: Scope, range: DayRange, now: Date): Promise<TimingBucket[]> {
  const { sql, params, rollupWhere } = await sources(db, scope, range, now);
  const rows = await db.$queryRawUnsafe<{ kind: TimingKind; bucket: number; count: bigint }[]>(
    `${sql},
    rows AS (
      SELECT kind, bucket, count FROM otp_insights_timings WHERE ${rollupWhere}
      UNION ALL
      SELECT 'delivered', ${bucketSql("to_delivered")}, 1 FROM facts WHERE to_delivered IS NOT NULL
      UNION ALL
      SELECT 'verified', ${bucketSql("to_verified")}, 1 FROM facts WHERE to_verified IS NOT NULL
    )
    SELECT kind, bucket, sum(count)::bigint AS count FROM rows GROUP BY kind, bucket ORDER BY kind, bucket`,
    ...params,
  );
  return rows.map((r) => ({ kind: r.kind, bucket: Number(r.bucket), count: Number(r.count) }));
}

/**
 * Runs the reads on one snapshot (a page's breakdowns and timings agree) with JIT off:
 * the per-day join's row estimate is far above what it reads, and compiling the plan
 * cost more than running it (bench/insights.ts).
 */
export async function inSnapshot<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL jit = off");
      return fn(tx);
    },
    { isolationLevel: "RepeatableRead" },
  );
}
