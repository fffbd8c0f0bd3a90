// The insights numbers in SQL, written once: what one OTP row counts as (its
// "facts"), and how facts, rollup rows and breakdown keys add up. The rollup job
// and the live computation both use these fragments, so a day reads the same
// before and after it is rolled up (docs/insights.md defines each number).
import type { InsightsGroup } from "@/schemas/v3/insights";
import { operatorSql } from "./operators";

/** The API's breakdowns, plus the ones only the dashboard and CSV use. */
export type Grouping = InsightsGroup | "channel_operator" | "total";

export const WIB = "'Asia/Jakarta'";

/**
 * One OTP's facts. `o` is otp_transactions; `$now` is the placeholder of the moment
 * "expired" is judged at. An OTP is exactly one of verified, failed, locked, expired
 * or still open; delivered means a vendor accepted a send (or the user's inbound
 * message verified it).
 */
export function factsSelect(now: string): string {
  return `o.merchant_id,
    (o.created_at AT TIME ZONE ${WIB})::date AS day,
    extract(hour FROM o.created_at AT TIME ZONE ${WIB})::smallint AS hour,
    COALESCE(o.first_channel, o.channel) AS channel,
    ${operatorSql("o.destination_key")} AS operator,
    o.fallback_index::smallint AS fallback_step,
    (o.status IN ('sent', 'success', 'verified'))::int AS delivered,
    (o.status = 'verified')::int AS verified,
    (o.status = 'failed')::int AS failed,
    (o.status NOT IN ('verified', 'failed') AND o.attempts >= o.max_attempts)::int AS locked,
    (o.status NOT IN ('verified', 'failed') AND o.attempts < o.max_attempts AND o.expires_at <= ${now})::int AS expired,
    d.spend,
    CASE WHEN o.status = 'verified' THEN 0 ELSE d.spend END AS unverified_spend,
    extract(epoch FROM d.first_sent_at - o.created_at) AS to_delivered,
    extract(epoch FROM o.verified_at - o.created_at) AS to_verified`;
}

/** Joined after otp_transactions o: what its sends cost (net of refunds) and when the first went out. */
export const DELIVERIES_LATERAL = `CROSS JOIN LATERAL (
    SELECT COALESCE(sum(x.price) FILTER (WHERE x.charged), 0)::bigint AS spend,
           min(x.sent_at) FILTER (WHERE x.status IN ('sent', 'success')) AS first_sent_at
    FROM otp_deliveries x WHERE x.otp_transaction_id = o.id) d`;

/** Sums over facts (one OTP per row) or rollup rows (counts per row): pass the created column. */
export function countSums(created: string): string {
  return `sum(${created})::bigint AS created, sum(delivered)::bigint AS delivered, sum(verified)::bigint AS verified,
    sum(failed)::bigint AS failed, sum(expired)::bigint AS expired, sum(locked)::bigint AS locked,
    sum(spend)::bigint AS spend, sum(unverified_spend)::bigint AS unverified_spend`;
}

/**
 * Seconds to a bucket's lower bound: to the second below a minute, 5 s below five
 * minutes, 30 s beyond, capped at 900 (the longest TTL).
 */
export function bucketSql(seconds: string): string {
  const s = `GREATEST(0, ${seconds})`;
  return `LEAST(900, CASE WHEN ${s} < 60 THEN floor(${s}) WHEN ${s} < 300 THEN floor(${s} / 5) * 5 ELSE floor(${s} / 30) * 30 END)::int`;
}

/** The WIB day's first instant, for a date expression. */
export const dayStart = (date: string) => `(${date}::timestamp AT TIME ZONE ${WIB})`;
