// Recording events and queueing their deliveries (the outbox). Called inside the
// transaction that causes the event, so an event exists exactly when its cause does.
import type { Prisma } from "@/generated/prisma/client";
import { formatWib } from "@/server/lib/wib-time";
import { randomBase62 } from "@/server/lib/random";
import type { Tx } from "@/server/services/credits/ledger";

/** What "Kirim event uji" sends: delivered once, never retried. */
export const TEST_EVENT_TYPE = "webhook.test";

export async function recordEvent(tx: Tx, merchantId: number, type: string, data: Prisma.InputJsonObject, now = new Date()): Promise<string> {
  const eventId = `evt_${randomBase62(20)}`;
  const payload = { id: eventId, type, created_at: formatWib(now), data };
  const event = await tx.webhookEvent.create({ data: { eventId, merchantId, type, payload } });
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { merchantId } });
  if (endpoint?.enabled) {
    await tx.webhookDelivery.create({ data: { eventId: event.id, endpointId: endpoint.id, url: endpoint.url, nextAttemptAt: now } });
  }
  return eventId;
}
