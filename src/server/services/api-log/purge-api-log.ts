// The API log is partitioned by UTC day (docs/data-retention.md): retention drops
// whole days past API_LOG_RETENTION_DAYS, and the same pass creates the coming days.
import { getEnv } from "@/env";
import { resolveDdlDatabaseUrl } from "@/server/db/database-url";
import { log } from "@/server/log";
import { maintainDailyPartitions, type PartitionMaintenance } from "@/server/services/partitions/daily-partitions";

/** Drops the API log's days older than API_LOG_RETENTION_DAYS and makes sure the next days have their partitions. */
export async function purgeOldApiLog(now = new Date()): Promise<PartitionMaintenance> {
  const done = await maintainDailyPartitions(await resolveDdlDatabaseUrl(), "api_request_logs", getEnv().API_LOG_RETENTION_DAYS, now);
  if (done.created.length + done.dropped.length > 0) log.info({ table: "api_request_logs", ...done }, "partitions maintained");
  return done;
}
