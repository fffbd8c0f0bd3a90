import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";

const BATCH = 5000;
const MAX_BATCHES = 20;

/** Deletes API log rows older than API_LOG_RETENTION_DAYS, oldest first, in short batches; returns how many went. */
export async function purgeOldApiLog(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - getEnv().API_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const db = await getDb();
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await db.$executeRaw`
      DELETE FROM api_request_logs WHERE id IN (SELECT id FROM api_request_logs WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${BATCH})`;
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}
