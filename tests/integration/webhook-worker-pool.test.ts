// The delivery worker is a pool with a cap per endpoint: one merchant's endpoint
// that hangs until the timeout must not hold back everyone else's webhooks.
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { sendTestEvent } from "@/server/services/webhooks/manage";
import { claimDueDeliveries } from "@/server/services/webhooks/deliver-due";
import { startWorker, type Worker } from "@/server/worker/background-worker";
import { merchantWithWebhook } from "../harness/webhook-merchant";


async function queueTestEvents(merchantId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await sendTestEvent(merchantId);
}

describe("claiming due deliveries", () => {
  it("takes at most the per-endpoint cap from one endpoint's backlog and still reaches the others behind it", async () => {
    const slow = await merchantWithWebhook();
    const other = await merchantWithWebhook();
    await queueTestEvents(slow.m.id, 30);
    await queueTestEvents(other.m.id, 1);
    const claimed = await claimDueDeliveries({ limit: 20, perEndpoint: 4 });
    const count = (endpointId: number) => claimed.filter((c) => c.endpointId === endpointId).length;
    expect([count(slow.endpointId), count(other.endpointId), claimed.length]).toEqual([4, 1, 5]);
  });

  it("counts what the worker already has in flight towards an endpoint's cap", async () => {
    const slow = await merchantWithWebhook();
    const other = await merchantWithWebhook();
    await queueTestEvents(slow.m.id, 10);
    await queueTestEvents(other.m.id, 3);
    const inFlight = new Map([[slow.endpointId, 4], [other.endpointId, 2]]);
    const claimed = await claimDueDeliveries({ limit: 20, perEndpoint: 4, inFlight });
    expect(claimed.map((c) => c.endpointId)).toEqual([other.endpointId, other.endpointId]);
  });

  it("without a cap takes the oldest due deliveries up to the limit, as one pass of deliverDueWebhooks does", async () => {
    const slow = await merchantWithWebhook();
    await queueTestEvents(slow.m.id, 6);
    expect(await claimDueDeliveries({ limit: 5 })).toHaveLength(5);
  });
});

describe("the delivery pool", () => {
  let worker: Worker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it("delivers another merchant's webhook while 30 deliveries to a hanging endpoint wait for their timeout", async () => {
    // The hanging endpoint answers long after the send timeout; the healthy one at once.
    const hanging = await merchantWithWebhook(() => ({ status: 200, delayMs: 60_000 }));
    const healthy = await merchantWithWebhook();
    await queueTestEvents(hanging.m.id, 30);
    await queueTestEvents(healthy.m.id, 1);

    worker = startWorker({ intervalMs: 50, concurrency: 20, perEndpoint: 4, send: { timeoutMs: 3_000 } });
    await expect.poll(() => healthy.receiver.received.length, { timeout: 10_000 }).toBe(1);

    // The healthy event went out before any send to the hanging endpoint had even finished,
    // and the hanging endpoint never held more than its 4 slots.
    const db = await getDb();
    // Attempts are on record from the moment they start; a finished one has its latency written.
    const hangingAttempts = await db.webhookAttempt.count({ where: { delivery: { endpointId: hanging.endpointId }, latencyMs: { not: null } } });
    expect(hangingAttempts).toBe(0);
    expect(hanging.receiver.received.length).toBeLessThanOrEqual(4);
    await expect.poll(async () => (await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: healthy.endpointId } })).status, { timeout: 10_000 }).toBe("succeeded");
  });

  it("stops only after the deliveries in flight are recorded", async () => {
    const slow = await merchantWithWebhook(() => ({ status: 200, delayMs: 300 }));
    await queueTestEvents(slow.m.id, 3);
    worker = startWorker({ intervalMs: 50 });
    await expect.poll(() => slow.receiver.received.length, { timeout: 10_000 }).toBe(3);
    await worker.stop();
    worker = undefined;
    const db = await getDb();
    expect((await db.webhookDelivery.findMany()).map((d) => [d.status, d.lockedUntil])).toEqual([
      ["succeeded", null],
      ["succeeded", null],
      ["succeeded", null],
    ]);
  });
});
