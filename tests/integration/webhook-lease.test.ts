// Webhook leases are short so a crashed worker's deliveries come back quickly; a live
// worker renews its lease while it waits for a slow endpoint, so no other worker takes
// (and sends again) a delivery that is still being sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { claimDueDeliveries } from "@/server/services/webhooks/deliver-due";
import { LEASE_MS, LeaseKeeper } from "@/server/services/webhooks/lease-keeper";
import { sendTestEvent } from "@/server/services/webhooks/manage";
import { merchantWithWebhook } from "../harness/webhook-merchant";

afterEach(() => vi.useRealTimers());

async function claimedDelivery() {
  const { m } = await merchantWithWebhook();
  await sendTestEvent(m.id);
  const [claimed] = await claimDueDeliveries({ limit: 1 });
  return claimed;
}

describe("webhook delivery leases", () => {
  it("are short, so a dead worker's delivery is due again within seconds", async () => {
    const claimed = await claimedDelivery();
    expect(LEASE_MS).toBeLessThanOrEqual(15_000);
    expect(await claimDueDeliveries({ limit: 1, now: new Date(claimed.lease.getTime() - 1000) })).toHaveLength(0);
    expect(await claimDueDeliveries({ limit: 1, now: new Date(claimed.lease.getTime() + 1) })).toHaveLength(1);
  });

  it("are renewed while the send goes on, so another worker cannot take the delivery", async () => {
    const claimed = await claimedDelivery();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const keeper = new LeaseKeeper(await getDb(), claimed.id, claimed.lease);
    keeper.start();
    await vi.advanceTimersByTimeAsync(3 * 5_000);
    const lease = await keeper.stop();
    expect(lease!.getTime()).toBe(claimed.lease.getTime() + 15_000);
    const row = await (await getDb()).webhookDelivery.findUniqueOrThrow({ where: { id: claimed.id } });
    expect(row.lockedUntil!.getTime()).toBe(lease!.getTime());
    expect(await claimDueDeliveries({ limit: 1, now: new Date(claimed.lease.getTime() + 1) })).toHaveLength(0);
  });

  it("are given up when another worker took the delivery meanwhile", async () => {
    const claimed = await claimedDelivery();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const keeper = new LeaseKeeper(await getDb(), claimed.id, claimed.lease);
    keeper.start();
    await (await getDb()).webhookDelivery.update({ where: { id: claimed.id }, data: { lockedUntil: new Date(claimed.lease.getTime() + 99_000) } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await keeper.stop()).toBeNull();
  });
});
