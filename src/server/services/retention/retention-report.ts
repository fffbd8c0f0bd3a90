// What retention has purged, for `otpctl retention report`: the latest passes
// that purged something, totals over all of them, and the current cut-offs.
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { SANDBOX_RETENTION_DAYS } from "./purge-personal-data";

export const MAX_REPORT_RUNS = 200;

export async function retentionReport(limit = 20) {
  const db = await getDb();
  const [runs, sums, progress] = await Promise.all([
    db.retentionRun.findMany({ orderBy: { id: "desc" }, take: Math.min(Math.max(limit, 1), MAX_REPORT_RUNS) }),
    db.retentionRun.aggregate({ _sum: { otpsMasked: true, webhookEventsMasked: true, sandboxMessagesDeleted: true }, _count: true }),
    db.retentionProgress.findMany({ orderBy: { name: "asc" } }),
  ]);
  return {
    otp_retention_days: getEnv().OTP_RETENTION_DAYS,
    sandbox_retention_days: SANDBOX_RETENTION_DAYS,
    totals: {
      runs: sums._count,
      otps_masked: sums._sum.otpsMasked ?? 0,
      webhook_events_masked: sums._sum.webhookEventsMasked ?? 0,
      sandbox_messages_deleted: sums._sum.sandboxMessagesDeleted ?? 0,
    },
    masked_through_id: Object.fromEntries(progress.map((p) => [p.name, Number(p.lastId)])),
    runs: runs.map((r) => ({
      trigger: r.trigger,
      started_at: r.startedAt.toISOString(),
      finished_at: r.finishedAt.toISOString(),
      otp_cutoff: r.otpCutoff.toISOString(),
      sandbox_cutoff: r.sandboxCutoff.toISOString(),
      otps_masked: r.otpsMasked,
      webhook_events_masked: r.webhookEventsMasked,
      sandbox_messages_deleted: r.sandboxMessagesDeleted,
    })),
  };
}
