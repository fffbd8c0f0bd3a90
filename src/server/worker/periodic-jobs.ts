// Housekeeping the worker runs now and then besides deliveries. Each job must be
// safe to run on several workers at once (conditional updates), since every
// worker runs it.
import { purgeExpiredRevocations } from "@/server/auth/session-revocation";
import { applyEarlyReceipts, applyListenedSandboxReceipts, applyQuietSandboxReceipts } from "@/server/services/delivery/receipts";
import { emitExpiredEvents } from "@/server/services/otp/expiry-events";
import { advanceDueFallbacks } from "@/server/services/otp/fallback";
import { purgeOldAccountMails } from "@/server/services/accounts/account-mail";
import { adoptLegacyLogins } from "@/server/services/members/adopt-login";
import { purgeExpiredAccountTokens } from "@/server/services/accounts/account-tokens";
import { refundAbandonedCreations } from "@/server/services/otp/refund-abandoned";
import { purgeOldApiLog } from "@/server/services/api-log/purge-api-log";
import { purgePersonalData } from "@/server/services/retention/purge-personal-data";
import { PURGE_EVERY_MS, purgeExpiredIdempotencyKeys, purgeOldWebhookEvents } from "@/server/services/retention/purge-expired-rows";
import { recordRetentionPurge } from "@/server/metrics/record";
import { expireOverdueTopups } from "@/server/services/topups/expire";
import { buildInsightsRollups } from "@/server/services/insights/rollup";
import { log, messageOf } from "@/server/log";

export type Job = { name: string; everyMs: number; run: (now: Date) => Promise<unknown> };

// Reads expire overdue top-ups lazily too; the sweep keeps lists and reports true.
const JOBS: Job[] = [
  { name: "apply-early-receipts", everyMs: 2_000, run: applyEarlyReceipts },
  // Fallback timers and the sandbox's own receipts are due to the second; the receipts nobody
  // listens to (one statement a batch) on every tick, so that confirming a busy second's
  // sends is no burst, the few recorded row by row for a listening endpoint once a second.
  { name: "advance-due-fallbacks", everyMs: 1_000, run: advanceDueFallbacks },
  { name: "apply-sandbox-receipts", everyMs: 250, run: applyQuietSandboxReceipts },
  { name: "apply-announced-sandbox-receipts", everyMs: 1_000, run: applyListenedSandboxReceipts },
  { name: "emit-expired-events", everyMs: 15_000, run: emitExpiredEvents },
  { name: "expire-overdue-topups", everyMs: 60_000, run: expireOverdueTopups },
  { name: "refund-abandoned-creations", everyMs: 60_000, run: refundAbandonedCreations },
  { name: "purge-expired-session-revocations", everyMs: 60 * 60_000, run: purgeExpiredRevocations },
  // Small batches each minute; a backlog (the first run on an old database) drains over several passes.
  { name: "purge-personal-data", everyMs: 60_000, run: purgeAndLog },
  { name: "purge-expired-account-links", everyMs: 60 * 60_000, run: purgeExpiredAccountTokens },
  { name: "purge-old-account-mails", everyMs: 60 * 60_000, run: purgeOldAccountMails },
  // Each pass deletes until the backlog is gone or 50 s are spent (docs/data-retention.md).
  { name: "purge-expired-idempotency-keys", everyMs: PURGE_EVERY_MS, run: (now) => purgeAndCount("idempotency_key_deleted", purgeExpiredIdempotencyKeys({ now })) },
  { name: "purge-old-webhook-events", everyMs: PURGE_EVERY_MS, run: (now) => purgeAndCount("webhook_event_deleted", purgeOldWebhookEvents({ now })) },
  // Partition maintenance: days ahead are created, days past retention dropped (first run at start-up).
  { name: "maintain-api-log-partitions", everyMs: 60 * 60_000, run: purgeOldApiLog },
  // Days settle an hour after they end; a backlog (a year of OTPs before the rollup existed) drains a week per pass.
  { name: "build-insights-rollups", everyMs: 60_000, run: buildInsightsRollups },
  // Accounts from before teams (or from a previous-release instance mid-rollout) become owner members, a batch a minute.
  { name: "adopt-legacy-logins", everyMs: 60_000, run: () => adoptLegacyLogins() },
];

async function purgeAndLog(now: Date): Promise<void> {
  const result = await purgePersonalData({ trigger: "worker", now });
  if (result.otps_masked + result.webhook_events_masked + result.sandbox_messages_deleted === 0) return;
  log.info(result, "personal data purged");
}

async function purgeAndCount(kind: "idempotency_key_deleted" | "webhook_event_deleted", purge: Promise<number>): Promise<void> {
  recordRetentionPurge(kind, await purge);
}

/**
 * Each job runs on its own: a slow one (a fallback send to a slow vendor) holds up no other,
 * and a job still running is not started again. runDue resolves when every job running
 * at the end of the call has finished.
 */
export function periodicJobs(jobs: Job[] = JOBS) {
  const lastRun = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  return {
    runDue(now: Date): Promise<void> {
      for (const job of jobs) {
        if (running.has(job.name) || now.getTime() - (lastRun.get(job.name) ?? 0) < job.everyMs) continue;
        lastRun.set(job.name, now.getTime());
        const run = job
          .run(now)
          .then(
            () => undefined,
            (err) => log.error({ job: job.name, error: messageOf(err) }, "periodic job failed"),
          )
          .finally(() => running.delete(job.name));
        running.set(job.name, run);
      }
      return Promise.all([...running.values()]).then(() => undefined);
    },
  };
}
