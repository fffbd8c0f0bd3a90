// The delivery worker's unit of work. Due deliveries are claimed with
// FOR UPDATE SKIP LOCKED and a lease (locked_until) in one short statement, sent
// outside any transaction, and recorded only if the lease is still ours — so any
// number of workers on any number of machines never double-send, and a crashed
// worker's deliveries become due again when its short lease runs out (a live
// worker renews it while sending, see lease-keeper.ts). Each attempt is written
// to the attempt log before it is sent, so one cut off by a crash still shows.
import type pg from "pg";
import { getDb, getPool, type Db } from "@/server/db/client";
import { recordWebhookAttempt } from "@/server/metrics/record";
import { hostOf, logAttempt } from "./attempt-log";
import { eventBody } from "./event-body";
import { TEST_EVENT_TYPE } from "./events";
import { LEASE_MS, LeaseKeeper } from "./lease-keeper";
import { nextAttemptAt } from "./retry-schedule";
import { sendWebhook, type SendOptions, type SendResult } from "./send-webhook";
import { log, messageOf } from "@/server/log";

/** What an attempt says until its outcome is written: what remains if the worker dies while sending. */
export const INTERRUPTED_ATTEMPT = "Interrupted: the worker stopped before the attempt finished";
/** How many due rows one claim looks at before spreading them over endpoints. */
const CLAIM_WINDOW = 500;

/** `connection` stands in for the process's own pool, so a test can run several workers as separate clients would. */
export type RunOptions = SendOptions & { batchSize?: number; connection?: { pool: pg.Pool; db: Db } };

export type Claimed = { id: number; endpointId: number | null; lease: Date };

export type ClaimOptions = {
  limit: number;
  /** At most this many deliveries per endpoint in flight, counting `inFlight`; unlimited when absent. */
  perEndpoint?: number;
  /** Deliveries per endpoint this worker is already sending. */
  inFlight?: ReadonlyMap<number, number>;
  now?: Date;
  connection?: { pool: pg.Pool; db: Db };
};

/**
 * Leases up to `limit` due deliveries, oldest first, but no more per endpoint than
 * `perEndpoint` (with what is already in flight): an endpoint that hangs for the
 * whole timeout can then hold only its own slots, never everyone else's webhooks.
 * Endpoints already at their cap are left out before the window is cut, so a
 * backlog for one endpoint cannot hide the others' due deliveries either.
 */
export async function claimDueDeliveries(options: ClaimOptions): Promise<Claimed[]> {
  const connection = options.connection ?? { pool: await getPool(), db: await getDb() };
  const cap = options.perEndpoint ?? null;
  const busy = [...(options.inFlight ?? new Map<number, number>()).entries()];
  const full = cap === null ? [] : busy.filter(([, n]) => n >= cap).map(([id]) => id);
  // The database's clock, not this machine's, decides what is due and when a lease ends (unless a
  // test injects `now`): a worker on a machine whose clock runs ahead must not take over live leases.
  const { rows } = await connection.pool.query<{ id: string; endpoint_id: number | null; locked_until: Date }>(
    `WITH due AS (
       SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= COALESCE($1::timestamptz, now())
         AND (locked_until IS NULL OR locked_until <= COALESCE($1::timestamptz, now()))
         AND (endpoint_id IS NULL OR NOT (endpoint_id = ANY($4::int[])))
       ORDER BY next_attempt_at
       LIMIT $5
       FOR UPDATE SKIP LOCKED
     ), ranked AS (
       SELECT due.id, due.next_attempt_at,
              row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id) + COALESCE(busy.n, 0) AS slot
       FROM due LEFT JOIN unnest($6::int[], $7::int[]) AS busy(endpoint_id, n) ON busy.endpoint_id = due.endpoint_id
     ), chosen AS (
       SELECT id FROM ranked WHERE $8::int IS NULL OR slot <= $8::int ORDER BY next_attempt_at, id LIMIT $3
     )
     UPDATE webhook_deliveries d SET locked_until = COALESCE($1::timestamptz, now()) + $2 * interval '1 millisecond', updated_at = now()
     FROM chosen WHERE d.id = chosen.id
     RETURNING d.id, d.endpoint_id, d.locked_until`,
    [options.now ?? null, LEASE_MS, options.limit, full, CLAIM_WINDOW, busy.map(([id]) => id), busy.map(([, n]) => n), cap],
  );
  // A bigint id arrives as text; ids stay far below 2^53, so a number holds it exactly.
  return rows.map((r) => ({ id: Number(r.id), endpointId: r.endpoint_id, lease: r.locked_until }));
}

/** Sends one leased delivery and records the attempt (only while the lease is still ours). */
export async function deliverClaimed(claimed: Claimed, options: SendOptions & { connection?: { db: Db } } = {}): Promise<void> {
  const db = options.connection?.db ?? (await getDb());
  const now = options.now ?? new Date(claimed.lease.getTime() - LEASE_MS);
  await deliverOne(db, claimed.id, claimed.lease, { ...options, now });
}

/** One pass: every due delivery (up to batchSize) claimed and sent; returns how many were claimed. Tests drive it with their own clock. */
export async function deliverDueWebhooks(options: RunOptions = {}): Promise<number> {
  const connection = options.connection ?? { pool: await getPool(), db: await getDb() };
  const claimed = await claimDueDeliveries({ limit: options.batchSize ?? 20, now: options.now, connection });
  const results = await Promise.allSettled(claimed.map((c) => deliverClaimed(c, { ...options, connection })));
  // One delivery that cannot be recorded must not hold back the others; its lease runs out and it is tried again.
  for (const [i, r] of results.entries()) {
    if (r.status === "rejected") logUnrecorded(claimed[i].id, r.reason);
  }
  return claimed.length;
}

export function logUnrecorded(deliveryId: number, reason: unknown): void {
  log.error({ delivery_id: deliveryId, error: messageOf(reason) }, "webhook delivery not recorded");
}

type Outcome = SendResult & { url: string };

async function deliverOne(db: Db, deliveryId: number, lease: Date, options: SendOptions & { now: Date }): Promise<void> {
  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { event: true, endpoint: { include: { previousSecrets: { where: { expiresAt: { gt: options.now } }, orderBy: { id: "desc" } } } } },
  });
  const endpoint = delivery.endpoint;
  const attemptNumber = delivery.attemptCount + 1;
  // Written before sending, while the lease is ours, so a crash mid-send leaves the attempt on record.
  const started = await db.$transaction(async (tx) => {
    const claimed = await tx.webhookDelivery.updateMany({ where: { id: deliveryId, lockedUntil: lease }, data: { attemptCount: attemptNumber } });
    if (claimed.count === 0) return null;
    return tx.webhookAttempt.create({ data: { deliveryId, attemptNumber, startedAt: options.now, error: INTERRUPTED_ATTEMPT }, select: { id: true } });
  });
  if (!started) return;
  const keeper = new LeaseKeeper(db, deliveryId, lease);
  keeper.start();
  let result: Outcome;
  try {
    result = await attempt(delivery.event, endpoint, delivery.url, options);
  } finally {
    lease = (await keeper.stop()) ?? lease;
  }

  const gone = result.statusCode === 410;
  // A test event checks the endpoint now; retrying it for 30 hours would only bury real events in the log.
  const final = result.ok || gone || !endpoint?.enabled || delivery.event.type === TEST_EVENT_TYPE;
  // The schedule counts from when this attempt ended: after a 10 s timeout the "5 s" retry is 5 s later, not already due.
  const finishedAt = new Date(options.now.getTime() + result.latencyMs);
  const retryAt = final ? null : nextAttemptAt(attemptNumber, finishedAt, result.retryAfterMs);
  const status = result.ok ? "succeeded" : retryAt ? "pending" : "failed";

  let recorded = false;
  await db.$transaction(async (tx) => {
    // The attempt's outcome is ours to write whatever happened to the lease.
    await tx.webhookAttempt.update({
      where: { id: started.id },
      data: { statusCode: result.statusCode, latencyMs: result.latencyMs, responseBody: result.responseBody, error: result.error },
    });
    // The delivery is updated only while the lease is ours; a worker whose lease ran out lost it to another.
    const claimed = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, lockedUntil: lease },
      data: { url: result.url, status, nextAttemptAt: retryAt, lockedUntil: null, lastError: result.error },
    });
    if (claimed.count === 0) return;
    if (gone && endpoint) {
      await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, url: result.url },
        data: { enabled: false, disabledReason: `The endpoint answered 410 Gone (event ${delivery.event.eventId})` },
      });
    }
    recorded = true;
  });
  if (recorded) {
    recordWebhookAttempt(status);
    logAttempt({
      event_id: delivery.event.eventId,
      delivery_id: deliveryId,
      attempt: attemptNumber,
      host: hostOf(result.url),
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      outcome: status,
      next_attempt_at: retryAt?.toISOString() ?? null,
      error: result.error,
    });
  }
}

/** One send to the endpoint's current URL (a merchant who fixes a broken URL gets the pending retries there), signed with every valid secret. */
async function attempt(
  event: { eventId: string; payload: unknown },
  endpoint: { url: string; enabled: boolean; disabledReason: string | null; secret: string; previousSecrets: { secret: string }[] } | null,
  queuedUrl: string,
  options: SendOptions & { now: Date },
): Promise<Outcome> {
  const notSent = (error: string): Outcome => ({ ok: false, statusCode: null, latencyMs: 0, responseBody: null, error, url: endpoint?.url ?? queuedUrl });
  if (!endpoint) return notSent("Webhook endpoint removed");
  if (!endpoint.enabled) return notSent(`Webhook endpoint disabled: ${endpoint.disabledReason ?? "by the merchant"}`);
  const secrets = [endpoint.secret, ...endpoint.previousSecrets.map((p) => p.secret)];
  const result = await sendWebhook(endpoint.url, event.eventId, eventBody(event.payload), secrets, options);
  return { ...result, url: endpoint.url };
}
