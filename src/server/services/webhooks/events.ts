// Recording events and queueing their deliveries (the outbox). Called inside the
// transaction that causes the event, so an event exists exactly when its cause does.
import type { Prisma } from "@/generated/prisma/client";
import { formatWib } from "@/lib/wib-time";
import { randomBase62 } from "@/server/lib/random";
import type { Tx } from "@/server/db/client";

/** What "Kirim event uji" sends: delivered once, never retried. */
export const TEST_EVENT_TYPE = "webhook.test";

export type NewEvent = { eventId: string; type: string; payload: Prisma.InputJsonObject };

/** Every payload says which world it comes from: `livemode` is false for a test-mode event. */
export function newEvent(type: string, data: Prisma.InputJsonObject, now: Date, livemode: boolean): NewEvent {
  const eventId = `evt_${randomBase62(20)}`;
  return { eventId, type, payload: { id: eventId, type, created_at: formatWib(now), livemode, data } };
}

/** Queues the "event" CTE's rows to the merchant's endpoint if it subscribes to their type; $first is the first attempt's time. */
function deliveryCte(first: number): string {
  return `delivery AS (
     INSERT INTO webhook_deliveries (event_id, endpoint_id, url, next_attempt_at)
     SELECT event.id, e.id, e.url, $${first}::timestamptz FROM event
     JOIN webhook_endpoints e ON e.merchant_id = event.merchant_id AND e.enabled AND event.type = ANY(e.event_types)
   )`;
}

/**
 * The outbox as SQL, for a hot-path statement that records an event in the same
 * statement as its cause: two CTEs ("event", "delivery") reading merchant_id from
 * the CTE named `source`; $n, $n+1, $n+2, $n+3 are the event id, type, payload (JSON)
 * and the first attempt's time.
 */
export function outboxCtes(source: string, n: number): string {
  return `event AS (
     INSERT INTO webhook_events (event_id, merchant_id, type, payload)
     SELECT $${n}::text, merchant_id, $${n + 1}::text, $${n + 2}::jsonb FROM ${source}
     RETURNING id, merchant_id, type
   ), ${deliveryCte(n + 3)}`;
}

/**
 * Lifecycle events (otp.sent, otp.delivered, …) for a hot-path statement: recorded only
 * when the merchant's endpoint subscribes to the type, so a creation nobody listens to
 * writes nothing more. $n, $n+1, $n+2 are arrays of event ids, types and payloads
 * (JSON text; empty arrays record nothing) and $n+3 the first attempt's time; the
 * merchant comes from the CTE named `source`.
 */
export function subscribedOutboxCtes(source: string, n: number): string {
  return `event AS (
     INSERT INTO webhook_events (event_id, merchant_id, type, payload)
     SELECT ev.id, s.merchant_id, ev.type, ev.payload
     FROM ${source} s, unnest($${n}::text[], $${n + 1}::text[], $${n + 2}::jsonb[]) AS ev(id, type, payload)
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.merchant_id = s.merchant_id AND e.enabled AND ev.type = ANY(e.event_types))
     RETURNING id, merchant_id, type
   ), ${deliveryCte(n + 3)}`;
}

/** The arrays subscribedOutboxCtes takes, for the given events. */
export function outboxArrays(events: NewEvent[]): [string[], string[], string[]] {
  return [events.map((e) => e.eventId), events.map((e) => e.type), events.map((e) => JSON.stringify(e.payload))];
}

/**
 * Records an event and queues its delivery to the merchant's endpoint when that endpoint
 * subscribes to the type. otp.verified and the dashboard's test event are always recorded
 * (the dashboard lists them); lifecycle events only when subscribed (`onlySubscribed`).
 * Returns the event id, or null when nothing was recorded.
 */
export async function recordEvent(
  tx: Tx,
  merchantId: number,
  type: string,
  data: Prisma.InputJsonObject,
  now = new Date(),
  options: { onlySubscribed?: boolean } = {},
): Promise<string | null> {
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { merchantId } });
  const subscribed = !!endpoint?.enabled && (type === TEST_EVENT_TYPE || endpoint.eventTypes.includes(type));
  if (options.onlySubscribed && !subscribed) return null;
  const { liveMerchantId } = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { liveMerchantId: true } });
  const { eventId, payload } = newEvent(type, data, now, liveMerchantId === null);
  const event = await tx.webhookEvent.create({ data: { eventId, merchantId, type, payload } });
  if (subscribed) {
    await tx.webhookDelivery.create({ data: { eventId: event.id, endpointId: endpoint!.id, url: endpoint!.url, nextAttemptAt: now } });
  }
  return eventId;
}
