// Past creations written straight into otp_transactions, for the fraud guard's
// baseline: what a merchant "usually" sends, without sending it. Used by the fraud
// simulation and by the detection tests.
import pg from "pg";

export type HistoryShape = {
  merchantId: number;
  count: number;
  /** Operator prefixes with their weights, e.g. {"62812": 30, "62857": 10}. */
  prefixes: Record<string, number>;
  verifiedRate: number;
  /** Spread over this many days, ending two hours ago (the baseline leaves out the last hour). */
  days: number;
};

export async function seedHistory(databaseUrl: string, h: HistoryShape): Promise<void> {
  const weighted = Object.entries(h.prefixes).flatMap(([prefix, weight]) => Array<string>(weight).fill(prefix));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, code_hash, otp_length, max_attempts,
         expires_at, price, charged, fingerprint, created_at, updated_at)
       SELECT 'HIST' || $1::int || 'N' || g, $1::int, 'sms', x.d, x.d, CASE WHEN x.r < $4::float8 THEN 'verified' ELSE 'sent' END::"OtpStatus",
         'history', 6, 5, x.t + interval '5 minutes', 450, true, 'history', x.t, x.t
       FROM generate_series(1, $2::int) g,
       LATERAL (SELECT ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] || lpad(floor(random() * 1e8)::text, 8, '0') AS d,
                       now() - interval '2 hours' - random() * make_interval(days => $5::int) AS t, random() AS r
                WHERE g = g) x`,
      [h.merchantId, h.count, weighted, h.verifiedRate, h.days],
    );
  } finally {
    await client.end();
  }
}
