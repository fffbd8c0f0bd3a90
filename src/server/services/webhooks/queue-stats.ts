// How far behind webhook delivery is, for the metrics scrape: deliveries due now
// (waiting for a worker), deliveries waiting for a scheduled retry, and how long
// the oldest due one has waited. One statement over the (status, next_attempt_at) index.
import { getPool } from "@/server/db/client";

export type WebhookQueueStats = { due: number; waitingRetry: number; oldestDueAgeSeconds: number };

export async function webhookQueueStats(): Promise<WebhookQueueStats> {
  const pool = await getPool();
  const { rows } = await pool.query<{ due: number; waiting_retry: number; oldest_due_age: number | null }>(
    `SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
            count(*) FILTER (WHERE next_attempt_at > now())::int AS waiting_retry,
            EXTRACT(EPOCH FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS oldest_due_age
     FROM webhook_deliveries WHERE status = 'pending'`,
  );
  const row = rows[0];
  return { due: row?.due ?? 0, waitingRetry: row?.waiting_retry ?? 0, oldestDueAgeSeconds: Math.max(0, row?.oldest_due_age ?? 0) };
}
