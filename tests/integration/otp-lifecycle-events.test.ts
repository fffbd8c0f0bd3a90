// The OTP lifecycle as webhook events (docs/otp-lifecycle.md): what an endpoint
// subscribed to each type receives, in the same envelope and signing as otp.verified.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { OTP_EVENT_TYPES } from "@/schemas/v3/events";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { applySandboxReceipts } from "@/server/services/delivery/receipts";
import { emitExpiredEvents } from "@/server/services/otp/expiry-events";
import { advanceDueFallbacks } from "@/server/services/otp/fallback";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { deliveredCode, requestOtp, saldoOf, verify } from "../harness/v3-fixtures";
import { merchantWithWebhook } from "../harness/webhook-merchant";
import type { Received } from "../harness/webhook-receiver";

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

type Event = { id: string; type: string; created_at: string; livemode: boolean; data: Record<string, unknown> };

const parsed = (received: Received[]): Event[] => received.map((r) => JSON.parse(r.body) as Event);

function signedWith(received: Received, secret: string): boolean {
  const key = Buffer.from(secret.split("_")[1], "base64");
  const expected = createHmac("sha256", key)
    .update(`${received.headers["webhook-id"]}.${received.headers["webhook-timestamp"]}.${received.body}`)
    .digest("base64");
  return (received.headers["webhook-signature"] as string).split(" ").includes(`v1,${expected}`);
}

async function subscribedToEverything() {
  const setup = await merchantWithWebhook();
  await updateMerchant(setup.m.id, { webhookEvents: [...OTP_EVENT_TYPES] });
  return setup;
}

async function recordedTypes(merchantId: number): Promise<string[]> {
  const db = await getDb();
  return (await db.webhookEvent.findMany({ where: { merchantId }, orderBy: { id: "asc" } })).map((e) => e.type);
}

async function recordedIds(merchantId: number): Promise<string[]> {
  const db = await getDb();
  return (await db.webhookEvent.findMany({ where: { merchantId }, orderBy: { id: "asc" } })).map((e) => e.eventId);
}

describe("lifecycle events", () => {
  it("WhatsApp never delivered, fallback to SMS, verified with the SMS code: sent, fallback, sent, delivered, verified", async () => {
    const { m, receiver, secret } = await subscribedToEverything();
    const created = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234560001", fallback: ["sms"], external_id: "order-1" });
    const otpId = created.body.data!.otp_id as string;
    await applySandboxReceipts(later(2));
    expect(await advanceDueFallbacks(later(21))).toBe(1);
    expect(await applySandboxReceipts(later(23))).toBe(1);
    const sms = (await listSandboxMessages({ otpId })).find((x) => x.channel === "sms")!;
    expect((await verify(m.key, { otp_id: otpId, otp: sms.code })).body.data).toMatchObject({ verified: true });
    expect(await saldoOf(m.id)).toBe(100_000 - 350 - 450);

    // Events of the later steps were recorded at the test's clock; deliver as that clock would.
    while ((await deliverDueWebhooks({ now: later(60) })) > 0);
    expect(await recordedTypes(m.id)).toEqual(["otp.sent", "otp.fallback", "otp.sent", "otp.delivered", "otp.verified"]);
    // No ordering promise on the wire: read them in the order they were recorded.
    const order = await recordedIds(m.id);
    const events = parsed(receiver.received).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    expect(events.map((e) => e.type)).toEqual(["otp.sent", "otp.fallback", "otp.sent", "otp.delivered", "otp.verified"]);
    expect(receiver.received.every((r) => signedWith(r, secret))).toBe(true);
    for (const e of events) {
      expect(Object.keys(e)).toEqual(["id", "type", "created_at", "livemode", "data"]);
      expect(e.data).toMatchObject({ otp_id: otpId, number: "6281234560001", external_id: "order-1" });
    }
    // Each event carries the OTP's state at its time.
    expect(events.map((e) => [e.data.channel, e.data.status])).toEqual([
      ["whatsapp", "sent"],
      ["sms", "sent"],
      ["sms", "sent"],
      ["sms", "success"],
      ["sms", "verified"],
    ]);
    expect(events[1].data).toMatchObject({ from: "whatsapp", to: "sms", reason: "not_confirmed" });
    expect(events[0].data.delivery).toMatchObject({ channel: "whatsapp", status: "sent", price: 350 });
    expect(events[2].data.delivery).toMatchObject({ channel: "sms", status: "sent", price: 450 });
    expect(events[3].data.delivery).toMatchObject({ channel: "sms", status: "success", price: 450 });
  });

  it("records otp.failed once when nothing was delivered, with the fallback that failed too", async () => {
    const { m } = await subscribedToEverything();
    const res = await requestOtp(m.key, { channel: "sms", destination: "6281234560000", fallback: ["whatsapp"] });
    expect(res.body.data).toMatchObject({ status: "failed" });
    expect(await recordedTypes(m.id)).toEqual(["otp.fallback", "otp.failed"]);
    const db = await getDb();
    const failed = await db.webhookEvent.findFirstOrThrow({ where: { merchantId: m.id, type: "otp.failed" } });
    // The reason is a code (docs/templates.md), never the vendor's text.
    expect((failed.payload as { data: Record<string, unknown> }).data).toMatchObject({ status: "failed", channel: "whatsapp", reason: "sandbox_failure" });
  });

  it("records otp.locked for the mismatch that reaches the attempt limit, and only that one", async () => {
    const { m } = await subscribedToEverything();
    const res = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    const otpId = res.body.data!.otp_id as string;
    for (let i = 0; i < 4; i++) await verify(m.key, { otp_id: otpId, otp: "000000" });
    expect(await recordedTypes(m.id)).toEqual(["otp.sent"]);
    await verify(m.key, { otp_id: otpId, otp: "000000" });
    expect((await verify(m.key, { otp_id: otpId, otp: "000000" })).body.error?.code).toBe("TOO_MANY_ATTEMPTS");
    expect(await recordedTypes(m.id)).toEqual(["otp.sent", "otp.locked"]);
    const db = await getDb();
    const locked = await db.webhookEvent.findFirstOrThrow({ where: { merchantId: m.id, type: "otp.locked" } });
    expect((locked.payload as { data: Record<string, unknown> }).data).toMatchObject({ otp_id: otpId, attempts: 5 });
  });

  it("records otp.expired within a minute after an unverified OTP expires, once, and not for a verified one", async () => {
    const { m } = await subscribedToEverything();
    const expiring = await requestOtp(m.key, { channel: "sms", destination: "6281234567890", ttl: 60 });
    const verified = await requestOtp(m.key, { channel: "sms", destination: "6281234567891", ttl: 60 });
    await verify(m.key, { otp_id: verified.body.data!.otp_id, otp: await deliveredCode(verified.body.data!.otp_id as string) });
    expect(await emitExpiredEvents(later(30))).toBe(0);
    const at = later(61);
    expect(await Promise.all([emitExpiredEvents(at), emitExpiredEvents(at)]).then(([a, b]) => a + b)).toBe(1);
    expect(await emitExpiredEvents(later(90))).toBe(0);
    const db = await getDb();
    const expired = await db.webhookEvent.findMany({ where: { merchantId: m.id, type: "otp.expired" } });
    expect(expired.map((e) => (e.payload as { data: { otp_id: string } }).data.otp_id)).toEqual([expiring.body.data!.otp_id]);
  });

  it("keeps existing endpoints on otp.verified only", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"], ttl: 60 });
    const otpId = res.body.data!.otp_id as string;
    await applySandboxReceipts(later(2));
    await emitExpiredEvents(later(61));
    await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(await recordedTypes(m.id)).toEqual(["otp.verified"]);
    while ((await deliverDueWebhooks()) > 0);
    expect(parsed(receiver.received).map((e) => e.type)).toEqual(["otp.verified"]);
  });

  it("delivers only the chosen types", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const shown = await updateMerchant(m.id, { webhookEvents: ["otp.delivered", "otp.verified"] });
    expect(shown).toMatchObject({ webhook_events: ["otp.delivered", "otp.verified"] });
    const res = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    await applySandboxReceipts(later(2));
    await verify(m.key, { otp_id: res.body.data!.otp_id, otp: await deliveredCode(res.body.data!.otp_id as string) });
    while ((await deliverDueWebhooks({ now: later(60) })) > 0);
    expect(parsed(receiver.received).map((e) => e.type).sort()).toEqual(["otp.delivered", "otp.verified"]);
  });
});
