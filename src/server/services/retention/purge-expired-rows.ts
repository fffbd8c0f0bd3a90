// Rows that grow per OTP and are deleted by age rather than partitioned
// (docs/data-retention.md): expired idempotency keys, and webhook events past
// WEBHOOK_RETENTION_DAYS with their deliveries and attempts. Each batch is one short
// statement that locks only the old rows it deletes; a pass keeps going until the
// backlog is gone or its time budget is spent (the next pass continues), so its
// capacity is what the database can delete, not a fixed number of batches. The bench
// (`npm run bench:storage`) measures that capacity against the write rate.
import { getEnv } from "@/env";
import { getPool } from "@/server/db/client";
import { IDEMPOTENCY_WINDOW_HOURS } from "@/server/services/otp/otp-rules";

const BATCH_SIZE = 5_000;
/** The worker starts a pass every PURGE_EVERY_MS; a pass stops after PASS_BUDGET_MS, so passes never overlap. */
export const PURGE_EVERY_MS = 60_000;
export const PASS_BUDGET_MS = 50_000;
/** An expired key stays this much longer, so a purge never races a request at the window's edge. */
const KEY_GRACE_HOURS = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PurgeOptions = { now?: Date; batchSize?: number; budgetMs?: number };

/** Runs `batch` until it deletes fewer than a whole batch or the budget is spent; returns the rows deleted. */
async function drain(batch: (limit: number) => Promise<number>, options: PurgeOptions): Promise<number> {
  const limit = options.batchSize ?? BATCH_SIZE;
  const deadline = performance.now() + (options.budgetMs ?? PASS_BUDGET_MS);
  let total = 0;
  for (;;) {
    const deleted = await batch(limit);
    total += deleted;
    if (deleted < limit || performance.now() >= deadline) return total;
  }
}

/**
 * Deletes idempotency keys claimed more than 24 hours (+1 hour of grace) ago. A key
 * reused meanwhile (its created_at moved to now) is re-checked by the outer condition
 * and kept.
 */
export async function purgeExpiredIdempotencyKeys(options: PurgeOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (IDEMPOTENCY_WINDOW_HOURS + KEY_GRACE_HOURS) * 60 * 60 * 1000);
  const pool = await getPool();
  return drain(async (limit) => {
    const { rowCount } = await pool.query(
      `DELETE FROM idempotency_keys k USING (
         SELECT merchant_id, external_id FROM idempotency_keys WHERE created_at < $1 ORDER BY created_at LIMIT $2
       ) old
       WHERE k.merchant_id = old.merchant_id AND k.external_id = old.external_id AND k.created_at < $1`,
      [cutoff, limit],
    );
    return rowCount ?? 0;
  }, options);
}

/**
 * Deletes webhook events older than WEBHOOK_RETENTION_DAYS, oldest first by id (ids
 * follow time, and deleted rows are gone, so the oldest are always first), with their
 * deliveries and attempts (ON DELETE CASCADE). Returns the events deleted.
 */
export async function purgeOldWebhookEvents(options: PurgeOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - getEnv().WEBHOOK_RETENTION_DAYS * DAY_MS);
  const pool = await getPool();
  return drain(async (limit) => {
    // The first `limit` events by id; an event that committed late with a lower id is still judged by its own time.
    const { rowCount } = await pool.query(
      `DELETE FROM webhook_events WHERE id IN (SELECT id FROM webhook_events ORDER BY id LIMIT $2) AND created_at < $1`,
      [cutoff, limit],
    );
    return rowCount ?? 0;
  }, options);
}
