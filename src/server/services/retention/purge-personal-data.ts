// Personal-data retention (Indonesia's personal-data protection law): after
// OTP_RETENTION_DAYS an OTP's destination is masked and its code hash dropped
// (also the number that verified a whatsapp_inbound OTP, numbers and addresses in
// its failure reason, and the number in its webhook events); sandbox messages go
// after SANDBOX_RETENTION_DAYS. Ledger rows are never touched: they name the
// otp_id, not the person, and the balance must keep adding up.
//
// Small batches in short transactions, oldest first, so the hot tables are never
// locked: a batch locks only the old rows it changes. Masking walks each table in
// id order from a stored watermark, so a pass that finds nothing reads one batch
// of ids at most. Several workers may run this at once: the watermark row is
// locked per batch, so they take turns instead of doing the same rows twice.
import { getEnv } from "@/env";
import { getDb, type Db } from "@/server/db/client";
import { recordRetentionPurge } from "@/server/metrics/record";
import { maskedColumn, scrubbedText } from "./masking-sql";

export const SANDBOX_RETENTION_DAYS = 7;
const BATCH_SIZE = 500;
/** Per pass; the worker's next pass continues where this one stopped. */
const MAX_BATCHES = 40;
/** Between batches, so a long backlog leaves room for everyone else's queries. */
const PAUSE_MS = 20;

export type RetentionTrigger = "worker" | "otpctl";

export type RetentionResult = {
  otps_masked: number;
  webhook_events_masked: number;
  sandbox_messages_deleted: number;
  otp_cutoff: string;
  sandbox_cutoff: string;
  /** False when the pass stopped at its batch limit with more left for the next one. */
  complete: boolean;
};

export type RetentionOptions = { trigger: RetentionTrigger; now?: Date; batchSize?: number; maxBatches?: number };

type Watermarked = { name: string; table: string; timeColumn: string; assignments: string };

const OTP_TRANSACTIONS: Watermarked = {
  name: "otp_transactions",
  table: "otp_transactions",
  timeColumn: "created_at",
  assignments: [
    `destination = ${maskedColumn("destination")}`,
    // The normalised copy the destination limits count on is the same personal data.
    `destination_key = ${maskedColumn("destination_key")}`,
    "code_hash = NULL",
    `verified_from = ${maskedColumn("verified_from")}`,
    `failure_reason = ${scrubbedText("failure_reason")}`,
    "updated_at = now()",
  ].join(", "),
};

const WEBHOOK_EVENTS: Watermarked = {
  name: "webhook_events",
  table: "webhook_events",
  timeColumn: "created_at",
  assignments: `payload = CASE WHEN jsonb_typeof(payload #> '{data,number}') = 'string'
    THEN jsonb_set(payload, '{data,number}', to_jsonb(${maskedColumn("(payload #>> '{data,number}')")})) ELSE payload END`,
};

const days = (n: number) => n * 24 * 60 * 60 * 1000;

export async function purgePersonalData(options: RetentionOptions): Promise<RetentionResult> {
  const startedAt = new Date();
  const now = options.now ?? startedAt;
  const otpCutoff = new Date(now.getTime() - days(getEnv().OTP_RETENTION_DAYS));
  const sandboxCutoff = new Date(now.getTime() - days(SANDBOX_RETENTION_DAYS));
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxBatches = options.maxBatches ?? MAX_BATCHES;
  const db = await getDb();

  const totals = { otps: 0, events: 0, sandbox: 0 };
  const pending = { otps: true, events: true, sandbox: true };
  for (let batch = 0; batch < maxBatches && (pending.otps || pending.events || pending.sandbox); batch++) {
    if (batch > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    if (pending.otps) {
      const done = await maskBatch(db, OTP_TRANSACTIONS, otpCutoff, batchSize);
      totals.otps += done.count;
      pending.otps = done.more;
    }
    if (pending.events) {
      const done = await maskBatch(db, WEBHOOK_EVENTS, otpCutoff, batchSize);
      totals.events += done.count;
      pending.events = done.more;
    }
    if (pending.sandbox) {
      const done = await deleteSandboxBatch(db, sandboxCutoff, batchSize);
      totals.sandbox += done.count;
      pending.sandbox = done.more;
    }
  }

  if (totals.otps + totals.events + totals.sandbox > 0) {
    await db.retentionRun.create({
      data: {
        trigger: options.trigger,
        startedAt,
        finishedAt: new Date(),
        otpCutoff,
        sandboxCutoff,
        otpsMasked: totals.otps,
        webhookEventsMasked: totals.events,
        sandboxMessagesDeleted: totals.sandbox,
      },
    });
  }
  recordRetentionPurge("otp_masked", totals.otps);
  recordRetentionPurge("webhook_event_masked", totals.events);
  recordRetentionPurge("sandbox_message_deleted", totals.sandbox);
  return {
    otps_masked: totals.otps,
    webhook_events_masked: totals.events,
    sandbox_messages_deleted: totals.sandbox,
    otp_cutoff: otpCutoff.toISOString(),
    sandbox_cutoff: sandboxCutoff.toISOString(),
    complete: !(pending.otps || pending.events || pending.sandbox),
  };
}

/** Rows purged by one batch; `more` when the whole batch was old, so more may follow. */
type BatchResult = { count: number; more: boolean };

/** The first `limit` rows by id (from `after`): how many from the start are older than the cutoff, and the last of those. */
function oldPrefix(rows: { id: bigint; old: boolean }[]): { lastId: bigint | null; length: number } {
  const end = rows.findIndex((r) => !r.old);
  const length = end < 0 ? rows.length : end;
  return { lastId: length > 0 ? rows[length - 1].id : null, length };
}

async function maskBatch(db: Db, target: Watermarked, cutoff: Date, limit: number): Promise<BatchResult> {
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`INSERT INTO retention_progress (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, target.name);
    const [{ last_id: after }] = await tx.$queryRawUnsafe<{ last_id: bigint }[]>(`SELECT last_id FROM retention_progress WHERE name = $1 FOR UPDATE`, target.name);
    const rows = await tx.$queryRawUnsafe<{ id: bigint; old: boolean }[]>(
      `SELECT id::bigint AS id, ${target.timeColumn} < $2 AS old FROM ${target.table} WHERE id > $1 ORDER BY id LIMIT $3`,
      after,
      cutoff,
      limit,
    );
    const { lastId, length } = oldPrefix(rows);
    if (lastId === null) return { count: 0, more: false };
    const count = await tx.$executeRawUnsafe(`UPDATE ${target.table} SET ${target.assignments} WHERE id > $1 AND id <= $2`, after, lastId);
    await tx.$executeRawUnsafe(`UPDATE retention_progress SET last_id = $2, updated_at = now() WHERE name = $1`, target.name, lastId);
    return { count, more: length === limit };
  });
}

async function deleteSandboxBatch(db: Db, cutoff: Date, limit: number): Promise<BatchResult> {
  // Deleted rows are gone, so the oldest rows are always first by id: no watermark needed.
  const rows = await db.$queryRawUnsafe<{ id: bigint; old: boolean }[]>(`SELECT id, sent_at < $1 AS old FROM sandbox_messages ORDER BY id LIMIT $2`, cutoff, limit);
  const { lastId, length } = oldPrefix(rows);
  if (lastId === null) return { count: 0, more: false };
  // A row given a lower id by a transaction that committed late is still checked by its own time.
  const count = await db.$executeRawUnsafe(`DELETE FROM sandbox_messages WHERE id <= $1 AND sent_at < $2`, lastId, cutoff);
  return { count, more: length === limit };
}
