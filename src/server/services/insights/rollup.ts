// The worker's insights rollup: once a WIB day can no longer change, its OTPs are
// summed per world, channel, operator, hour and fallback step (and their timings
// per bucket) in one transaction with the day's marker, so readers see a day either
// rolled up or not, never half. Several workers may run it: the marker's primary
// key lets one of them write a day; the others find it taken and skip it.
import { getDb } from "@/server/db/client";
import { bucketSql, countSums, dayStart, DELIVERIES_LATERAL, factsSelect } from "./facts-sql";
import { log } from "@/server/log";

/**
 * How long after a WIB day ends its OTPs stop changing: the longest TTL is 15
 * minutes and an abandoned send is settled after 10, so nothing created that day is
 * still open an hour later. A vendor's failure receipt arriving later than that is
 * not reflected (docs/insights.md).
 */
export const SETTLE_MS = 60 * 60_000;
/** Days written per pass: a first run on a database with a year of OTPs catches up over several passes. */
const DAYS_PER_PASS = 7;

const DAY_MS = 86_400_000;
const WIB_MS = 7 * 3_600_000;

/** The newest WIB day (YYYY-MM-DD) that ended at least SETTLE_MS before now. */
export function newestSettledDay(now: Date): string {
  const wibNow = now.getTime() + WIB_MS - SETTLE_MS;
  return new Date(Math.floor(wibNow / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
}

/** Writes the rollup of up to DAYS_PER_PASS settled days not written yet, newest first. */
export async function buildInsightsRollups(now: Date = new Date()): Promise<string[]> {
  const db = await getDb();
  const newest = newestSettledDay(now);
  // The oldest OTP by id (creation order; no index on created_at alone is needed for this).
  const [oldest] = await db.$queryRawUnsafe<{ day: string }[]>(
    `SELECT to_char((created_at AT TIME ZONE 'Asia/Jakarta')::date, 'YYYY-MM-DD') AS day FROM otp_transactions ORDER BY id LIMIT 1`,
  );
  if (!oldest || oldest.day > newest) return [];
  const missing = await db.$queryRawUnsafe<{ day: string }[]>(
    `SELECT to_char(g::date, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '-1 day') g
     WHERE NOT EXISTS (SELECT 1 FROM otp_insights_days d WHERE d.day = g::date) ORDER BY g DESC LIMIT ${DAYS_PER_PASS}`,
    newest,
    oldest.day,
  );
  const written: string[] = [];
  for (const { day } of missing) if (await buildDay(day, now)) written.push(day);
  if (written.length > 0) log.info({ days: written }, "insights rollup written");
  return written;
}

/** Writes one day for every world; false when another worker already had. */
export async function buildDay(day: string, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const claimed = await tx.$executeRawUnsafe(`INSERT INTO otp_insights_days (day) VALUES ($1::date) ON CONFLICT DO NOTHING`, day);
    if (claimed === 0) return false;
    // Driven by merchants so each world's OTPs are read through (merchant_id, created_at).
    const facts = `facts AS (
      SELECT ${factsSelect("$2::timestamptz")}
      FROM merchants m JOIN otp_transactions o ON o.merchant_id = m.id
        AND o.created_at >= ${dayStart("$1::date")} AND o.created_at < ${dayStart("($1::date + 1)")}
      ${DELIVERIES_LATERAL})`;
    await tx.$executeRawUnsafe(
      `WITH ${facts}
       INSERT INTO otp_insights_daily (merchant_id, day, channel, operator, hour, fallback_step, created, delivered, verified, failed, expired, locked, spend, unverified_spend)
       SELECT merchant_id, day, channel, operator, hour, fallback_step, ${countSums("1")}
       FROM facts GROUP BY merchant_id, day, channel, operator, hour, fallback_step`,
      day,
      now,
    );
    await tx.$executeRawUnsafe(
      `WITH ${facts}, timed AS (
         SELECT merchant_id, day, 'delivered' AS kind, ${bucketSql("to_delivered")} AS bucket FROM facts WHERE to_delivered IS NOT NULL
         UNION ALL
         SELECT merchant_id, day, 'verified', ${bucketSql("to_verified")} FROM facts WHERE to_verified IS NOT NULL)
       INSERT INTO otp_insights_timings (merchant_id, day, kind, bucket, count)
       SELECT merchant_id, day, kind, bucket, count(*) FROM timed GROUP BY merchant_id, day, kind, bucket`,
      day,
      now,
    );
    return true;
  });
}

/**
 * Forgets the rollup of a range of days (both tables and the markers, atomically), so
 * the numbers come from the OTP rows again and the worker writes the days afresh:
 * after rows of those days were changed or restored.
 */
export async function forgetInsightsDays(from: string, to: string): Promise<number> {
  const db = await getDb();
  const [, , forgotten] = await db.$transaction([
    db.$executeRawUnsafe(`DELETE FROM otp_insights_daily WHERE day BETWEEN $1::date AND $2::date`, from, to),
    db.$executeRawUnsafe(`DELETE FROM otp_insights_timings WHERE day BETWEEN $1::date AND $2::date`, from, to),
    db.$executeRawUnsafe(`DELETE FROM otp_insights_days WHERE day BETWEEN $1::date AND $2::date`, from, to),
  ]);
  return forgotten;
}
