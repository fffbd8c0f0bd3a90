// Sends in the routing window written straight into the database, in the shape creations
// write them: `count` OTPs, each with one delivery through agg-a or agg-b, over 40 prefixes,
// created during the last 10 minutes, four in five verified 20 s after the send. For the
// route figures' cost at a realistic size (bench/route-sim.ts) and for tests of the figures
// themselves, where creations through /v3 would be slow and would refresh the process's copy.
const SQL = `
  WITH o AS (
    INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, code_hash, otp_length, max_attempts, expires_at, verified_at, price, charged, fingerprint, provider, created_at)
    SELECT 'SIM' || lpad(g::text, 12, '0'), 1, 'sms', d, d, CASE WHEN g % 5 = 0 THEN 'sent' ELSE 'verified' END::"OtpStatus", 'x', 6, 3,
           now() - (g % 600) * interval '1 second' + interval '300 seconds',
           CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (g % 600) * interval '1 second' + interval '20 seconds' END,
           100, true, 'f', 'http_sms', now() - (g % 600) * interval '1 second'
    FROM generate_series(1, $1::int) g, LATERAL (SELECT '628' || (11 + g % 40)::text || lpad((g % 9999999)::text, 7, '0') AS d) x
    RETURNING id, created_at, verified_at
  )
  INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, sent_at, delivered_at, created_at, route, route_reason)
  SELECT id, 1, 'sms', 'success', 100, true, 'http_sms', created_at, created_at + interval '3 seconds', created_at, CASE WHEN id % 2 = 0 THEN 'agg-a' ELSE 'agg-b' END, 'weight' FROM o`;

/** Writes the sends with `run` (a pg client's query, or Prisma's $executeRawUnsafe with the parameters spread). */
export async function insertSyntheticSends(run: (sql: string, params: unknown[]) => Promise<unknown>, count: number): Promise<void> {
  await run(SQL, [count]);
}
