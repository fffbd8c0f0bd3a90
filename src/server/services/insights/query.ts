// Reads the insights numbers for a scope (one world, or every world of a mode) and a
// range of WIB days: rollup rows for the days the worker has rolled up, the OTP rows
// themselves for the rest (today, and any day not reached yet), in one statement so
// a day being rolled up meanwhile is counted exactly once.
import { getDb } from "@/server/db/client";
import { bucketSql, countSums, dayStart, DELIVERIES_LATERAL, factsSelect } from "./facts-sql";
import type { Grouping } from "./facts-sql";

export type Scope = { world: number } | { allWorlds: "live" | "test" };
export type DayRange = { from: string; to: string };

export type Counts = { created: number; delivered: number; verified: number; failed: number; expired: number; locked: number; spend: number; unverifiedSpend: number };
export type KeyedCounts = Counts & { key: string };
export type TimingKind = "delivered" | "verified";
export type TimingBucket = { kind: TimingKind; bucket: number; count: number };

// Parameters: $1 from, $2 to, $3 now, $4 the world (when one).
function scopeSql(scope: Scope): { cte: string; where: string; params: unknown[] } {
  if ("world" in scope) return { cte: "SELECT $4::int AS id", where: "merchant_id = $4::int", params: [scope.world] };
  const test = scope.allWorlds === "test" ? "IS NOT NULL" : "IS NULL";
  return { cte: `SELECT id FROM merchants WHERE live_merchant_id ${test}`, where: "merchant_id IN (SELECT id FROM scope)", params: [] };
}

function withSources(scope: Scope): { sql: string; params: unknown[] } {
  const s = scopeSql(scope);
  return {
    params: s.params,
    sql: `WITH scope AS (${s.cte}),
    built AS (SELECT day FROM otp_insights_days WHERE day BETWEEN $1::date AND $2::date),
    open_days AS (SELECT g::date AS day FROM generate_series($1::date, $2::date, interval '1 day') g WHERE g::date NOT IN (SELECT day FROM built)),
    facts AS (
      SELECT ${factsSelect("$3::timestamptz")}
      FROM open_days od CROSS JOIN scope s
      JOIN otp_transactions o ON o.merchant_id = s.id AND o.created_at >= ${dayStart("od.day")} AND o.created_at < ${dayStart("(od.day + 1)")}
      ${DELIVERIES_LATERAL}
    )`,
  };
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
export async function readBreakdowns<G extends Grouping>(scope: Scope, range: DayRange, groupings: readonly G[], now: Date): Promise<Record<G, KeyedCounts[]>> {
  const { sql, params } = withSources(scope);
  const { where } = scopeSql(scope);
  const sets = groupings.map((g) => `(${columnsOf(g).join(", ")})`).join(", ");
  const used = ORDER.filter((c) => groupings.some((g) => columnsOf(g).includes(c)));
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<Row[]>(
    `${sql},
    rows AS (
      SELECT channel, operator, day, hour, fallback_step, created, delivered, verified, failed, expired, locked, spend, unverified_spend
      FROM otp_insights_daily WHERE ${where} AND day IN (SELECT day FROM built)
      UNION ALL
      SELECT channel, operator, day, hour, fallback_step, 1, delivered, verified, failed, expired, locked, spend, unverified_spend FROM facts
    )
    SELECT ${used.length ? `GROUPING(${used.join(", ")})` : "0"} AS g, ${selectKeys(used)}, ${countSums("created")}
    FROM rows GROUP BY GROUPING SETS (${sets})`,
    range.from,
    range.to,
    now,
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
export async function readTimings(scope: Scope, range: DayRange, now: Date): Promise<TimingBucket[]> {
  const { sql, params } = withSources(scope);
  const { where } = scopeSql(scope);
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<{ kind: TimingKind; bucket: number; count: bigint }[]>(
    `${sql},
    rows AS (
      SELECT kind, bucket, count FROM otp_insights_timings WHERE ${where} AND day IN (SELECT day FROM built)
      UNION ALL
      SELECT 'delivered', ${bucketSql("to_delivered")}, 1 FROM facts WHERE to_delivered IS NOT NULL
      UNION ALL
      SELECT 'verified', ${bucketSql("to_verified")}, 1 FROM facts WHERE to_verified IS NOT NULL
    )
    SELECT kind, bucket, sum(count)::bigint AS count FROM rows GROUP BY kind, bucket ORDER BY kind, bucket`,
    range.from,
    range.to,
    now,
    ...params,
  );
  return rows.map((r) => ({ kind: r.kind, bucket: Number(r.bucket), count: Number(r.count) }));
}
