// The route figures in one aggregate statement over the recent sends (otp_deliveries
// joined to their OTP), per channel, route and destination prefix, plus each route's
// totals over all prefixes. Once per refresh interval one instance of the fleet runs it in
// the background and stores the result for the others (figures-snapshot.ts); otpctl route
// stats runs it on demand. A creation never does.
//
// What one send (an attempt with a route) counts as, at the moment `now`:
// - sent: the vendor accepted it (sent_at); failed: it failed (at once or by receipt);
// - delivered: a receipt confirmed it (delivered_at);
// - verified: its OTP was verified within its TTL, and it was the OTP's last send before
//   the verification (a failover's or fallback's later send gets the credit; a failover
//   leaves its failed attempt without sent_at, so only an OTP whose fallback chain moved
//   on, fallback_index > 0, needs the look at its later attempts);
// - settled: its outcome is known: verified, failed, or matured — sent at least
//   min(maturity, TTL) ago and still unverified, which then counts as not verified.
//   Verification is known late (the user may still be typing); waiting for the whole
//   TTL would delay detection by up to 15 minutes, while nearly every user who will
//   verify has done so within a couple of minutes (docs/routing.md).
import { namedQuery, pipelinedTransaction, runAutocommit } from "@/server/db/sql";
import { prefixSql } from "@/server/services/fraud/prefix";

export type RouteFigures = {
  channel: string;
  route: string;
  /** Country code plus 3 digits ('' for e-mail); null on a route's totals over all prefixes. */
  prefix: string | null;
  sent: number;
  failed: number;
  delivered: number;
  /** Sends whose receipt is in or overdue (delivered, or matured): the delivery rate's denominator. */
  receiptsSettled: number;
  settled: number;
  verified: number;
  /** Sends that were a failover from another route. */
  failovers: number;
  p50DeliveredSeconds: number | null;
  p50VerifiedSeconds: number | null;
};

/** Exported for the route simulation's EXPLAIN (bench/route-sim.ts). */
export const figuresStatement = namedQuery(
  "route-figures",
  `WITH attempts AS (
     SELECT d.channel::text AS channel, d.route, COALESCE(${prefixSql("o.destination_key")}, '') AS prefix,
       d.status, d.sent_at, d.delivered_at, d.route_reason, o.verified_at,
       (o.verified_at IS NOT NULL AND o.verified_at <= $1::timestamptz AND d.sent_at <= o.verified_at
         AND (o.fallback_index = 0 OR NOT EXISTS (SELECT 1 FROM otp_deliveries l
                         WHERE l.otp_transaction_id = d.otp_transaction_id AND l.seq > d.seq AND l.sent_at <= o.verified_at))) AS verified,
       (d.status = 'failed' OR LEAST(d.sent_at + make_interval(secs => $3::float8), o.expires_at) <= $1::timestamptz) AS matured
     FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id
     WHERE d.created_at > $1::timestamptz - make_interval(secs => $2::float8) AND d.created_at <= $1::timestamptz
       AND d.route IS NOT NULL AND d.status IN ('sent', 'success', 'failed')
   )
   SELECT channel, route, prefix, GROUPING(prefix) = 1 AS totals,
     count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
     count(*) FILTER (WHERE status = 'failed')::int AS failed,
     count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered,
     count(*) FILTER (WHERE sent_at IS NOT NULL AND (delivered_at IS NOT NULL OR matured))::int AS receipts_settled,
     count(*) FILTER (WHERE verified OR matured)::int AS settled,
     count(*) FILTER (WHERE verified)::int AS verified,
     count(*) FILTER (WHERE route_reason = 'failover')::int AS failovers,
     percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - sent_at)::float8) FILTER (WHERE delivered_at IS NOT NULL) AS p50_delivered,
     percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM verified_at - sent_at)::float8) FILTER (WHERE verified) AS p50_verified
   FROM attempts
   GROUP BY GROUPING SETS ((channel, route, prefix), (channel, route))`,
);

type Row = {
  channel: string;
  route: string;
  prefix: string | null;
  totals: boolean;
  sent: number;
  failed: number;
  delivered: number;
  receipts_settled: number;
  settled: number;
  verified: number;
  failovers: number;
  p50_delivered: number | null;
  p50_verified: number | null;
};

const seconds = (v: number | null) => (v === null ? null : Math.round(Number(v) * 1000) / 1000);

/**
 * The figures as they stand at `now`, over sends created in the `windowMs` before it;
 * cancelled after `timeoutMs` when given (the database's statement_timeout, for this statement only).
 */
export async function loadRouteFigures(now: Date, windowMs: number, maturityMs: number, timeoutMs?: number): Promise<RouteFigures[]> {
  const values = [now, windowMs / 1000, maturityMs / 1000];
  const rows = timeoutMs ? await pipelinedTransaction<Row>({ sql: figuresStatement, values }, { statementTimeoutMs: timeoutMs }) : await runAutocommit<Row>(figuresStatement, values);
  return rows.map((r) => ({
    channel: r.channel,
    route: r.route,
    prefix: r.totals ? null : r.prefix,
    sent: r.sent,
    failed: r.failed,
    delivered: r.delivered,
    receiptsSettled: r.receipts_settled,
    settled: r.settled,
    verified: r.verified,
    failovers: r.failovers,
    p50DeliveredSeconds: seconds(r.p50_delivered),
    p50VerifiedSeconds: seconds(r.p50_verified),
  }));
}
