import { afterEach, describe, expect, it } from "vitest";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { getWebhookSettings } from "@/server/services/webhooks/manage";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";
import { newMerchant } from "../harness/v3-fixtures";
import { startReceiver } from "../harness/webhook-receiver";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe("otpctl webhook", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("test, deliveries, resend and rotate-secret work on a merchant's webhook and print one JSON document each", async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: receiver.url });

    const { event_id } = await otpctlJson(["webhook", "test", m.merchantId]);
    expect(event_id).toMatch(/^evt_/);
    await deliverDueWebhooks();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([event_id]);

    expect(await otpctlJson(["webhook", "resend", event_id])).toMatchObject({ event_id });
    await deliverDueWebhooks();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([event_id, event_id]);

    const log = await otpctlJson(["webhook", "deliveries", m.merchantId]);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ event_id, type: "webhook.test" });
    expect(log.items[0].deliveries.map((d: { status: string }) => d.status)).toEqual(["succeeded", "succeeded"]);

    await otpctlJson(["webhook", "test", m.merchantId]);
    const newest = await otpctlJson(["webhook", "deliveries", m.merchantId, "--limit", "1"]);
    expect(newest.items).toHaveLength(1);
    expect(newest.items[0].event_id).not.toBe(event_id);
    const older = await otpctlJson(["webhook", "deliveries", m.merchantId, "--limit", "1", "--cursor", String(newest.nextCursor)]);
    expect(older.items.map((e: { event_id: string }) => e.event_id)).toEqual([event_id]);

    const before = (await getWebhookSettings(m.id))!.secret;
    const rotated = await otpctlJson(["webhook", "rotate-secret", m.merchantId]);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(before);
    expect((await getWebhookSettings(m.id))!.secret).toBe(rotated.secret);
  });

  it("an unknown merchant or event is an error on stderr with a non-zero exit", async () => {
    for (const [args, message] of [
      [["webhook", "test", "M-NOPE"], /tidak ditemukan/],
      [["webhook", "resend", "evt_missing"], /tidak ditemukan/],
    ] as const) {
      const result = await otpctl([...args, "--json"]);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(message);
    }
  });
});
