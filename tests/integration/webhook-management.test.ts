import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/env";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { getWebhookSettings, listWebhookEvents, resendEvent, rotateWebhookSecret, sendTestEvent } from "@/server/services/webhooks/manage";
import { guardedFetch } from "@/server/services/webhooks/guarded-fetch";
import { startWorker } from "@/server/worker/background-worker";
import { periodicJobs } from "@/server/worker/periodic-jobs";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { startReceiver } from "../harness/webhook-receiver";
import { newMerchant } from "../harness/v3-fixtures";
import { merchantWithWebhook, verifiedOtpEvent } from "../harness/webhook-merchant";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});


describe("webhook settings and log", () => {
  it("settings show the URL, secret and state, and are null without a URL", async () => {
    const { m, receiver } = await merchantWithWebhook();
    expect(await getWebhookSettings(m.id)).toEqual({ url: receiver.url, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/), enabled: true, disabled_reason: null, event_types: ["otp.verified"] });
    const other = await newMerchant();
    expect(await getWebhookSettings(other.id)).toBeNull();
  });

  it("a test event or a rotation needs a webhook URL", async () => {
    const m = await newMerchant();
    await expect(sendTestEvent(m.id)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(rotateWebhookSecret(m.id)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("two rotations at once leave both new secrets valid: the later one current, the earlier one previous", async () => {
    const { m, secret: original } = await merchantWithWebhook();
    const rotated = await Promise.all([rotateWebhookSecret(m.id), rotateWebhookSecret(m.id)]);
    const db = await getDb();
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: m.id }, include: { previousSecrets: true } });
    const retired = endpoint.previousSecrets.map((p) => p.secret);
    expect(retired).toHaveLength(2);
    expect(retired).toContain(original);
    expect([endpoint.secret, ...retired.filter((s) => s !== original)].sort()).toEqual(rotated.map((r) => r.secret).sort());
  });

  it("drops retired secrets whose 24 hours are over at the next rotation", async () => {
    const { m } = await merchantWithWebhook();
    const start = new Date();
    await rotateWebhookSecret(m.id, start);
    await rotateWebhookSecret(m.id, new Date(start.getTime() + 25 * 3600_000));
    const db = await getDb();
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: m.id }, include: { previousSecrets: true } });
    expect(endpoint.previousSecrets).toHaveLength(1);
  });

  it("the event log pages with a cursor and shows only the merchant's own events", async () => {
    const { m } = await merchantWithWebhook();
    const other = await merchantWithWebhook();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await sendTestEvent(m.id)).event_id);
    await sendTestEvent(other.m.id);
    await deliverDueWebhooks();
    const first = await listWebhookEvents(m.id, { limit: 2 });
    expect(first.items.map((e) => e.event_id)).toEqual([mine[2], mine[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listWebhookEvents(m.id, { cursor: first.nextCursor, limit: 2 });
    expect(second.items.map((e) => e.event_id)).toEqual([mine[0]]);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0].deliveries[0]).toMatchObject({ status: "succeeded", next_attempt_at: null, attempts: [{ attempt_number: 1, status_code: 200, error: null }] });
  });

  it("stores at most 1 KB of a response body", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 500, body: "x".repeat(5000) }));
    await sendTestEvent(m.id);
    await deliverDueWebhooks();
    const db = await getDb();
    const attempt = await db.webhookAttempt.findFirstOrThrow();
    expect(attempt.responseBody).toBe("x".repeat(1024));
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("shows each attempt's response body in the event log, so a merchant sees why the endpoint refused", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 500, body: "merchant says: db down" }));
    await sendTestEvent(m.id);
    await deliverDueWebhooks();
    const [event] = (await listWebhookEvents(m.id)).items;
    expect(event.deliveries[0].attempts).toEqual([expect.objectContaining({ status_code: 500, response_body: "merchant says: db down", error: "HTTP 500" })]);
  });

  it("records an attempt whose response body holds NUL bytes, which PostgreSQL text cannot store", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 200, body: "ok\u0000\u0000binary" }));
    await sendTestEvent(m.id);
    await deliverDueWebhooks();
    const db = await getDb();
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "succeeded", attemptCount: 1 });
    expect((await db.webhookAttempt.findFirstOrThrow()).responseBody).toBe("ok\uFFFD\uFFFDbinary");
  });

  it("a pending delivery whose endpoint was disabled fails without being sent; a resend re-enables the endpoint", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const { event_id } = await sendTestEvent(m.id);
    const db = await getDb();
    await db.webhookEndpoint.update({ where: { merchantId: m.id }, data: { enabled: false, disabledReason: "The endpoint answered 410 Gone" } });
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(0);
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "failed", lastError: "Webhook endpoint disabled: The endpoint answered 410 Gone" });
    await resendEvent(m.id, event_id);
    expect(await getWebhookSettings(m.id)).toMatchObject({ enabled: true, disabled_reason: null });
    await deliverDueWebhooks();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([event_id]);
  });

  it("pending retries go to the URL the merchant sets after a failure", async () => {
    const { m, receiver: broken } = await merchantWithWebhook(() => ({ status: 500 }));
    await verifiedOtpEvent(m);
    const now = new Date();
    await deliverDueWebhooks({ now });
    const fixed = await startReceiver();
    closers.push(fixed.close);
    await updateMerchant(m.id, { webhookUrl: fixed.url });
    const db = await getDb();
    const retryAt = (await db.webhookDelivery.findFirstOrThrow()).nextAttemptAt!;
    expect(retryAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(5000);
    await deliverDueWebhooks({ now: retryAt });
    expect(broken.received).toHaveLength(1);
    expect(fixed.received).toHaveLength(1);
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "succeeded", url: fixed.url });
  });

  it("re-checks the SSRF guard at send time: a private URL is not called once private URLs are no longer allowed", async () => {
    const { m, receiver } = await merchantWithWebhook();
    await verifiedOtpEvent(m);
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "0";
    resetEnvForTests();
    try {
      await deliverDueWebhooks();
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
      resetEnvForTests();
    }
    expect(receiver.received).toHaveLength(0);
    const db = await getDb();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ include: { attempts: true } });
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused: /) });
  });

  it("refuses a host name that resolves to a private address at connect time, not only when the URL is checked", async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const byName = receiver.url.replace("127.0.0.1", "localhost");
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "0";
    resetEnvForTests();
    try {
      await expect(guardedFetch(byName, { method: "POST", body: "{}" })).rejects.toMatchObject({ cause: { code: "EPRIVATEADDRESS" } });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
      resetEnvForTests();
    }
    expect(receiver.received).toHaveLength(0);
    const allowed = await guardedFetch(byName, { method: "POST", body: "{}" });
    expect(allowed.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });

  it("logs one JSON line per attempt with the URL's host only, never its path, the body or the signature", async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    closers.push(receiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: `${receiver.url}?token=rahasia-merchant` });
    const { eventId: event_id } = await verifiedOtpEvent({ id: m.id, key: m.key }, "6281299997777");
    const lines: string[] = [];
    const before = process.env.LOG_REQUESTS;
    process.env.LOG_REQUESTS = "1";
    resetEnvForTests();
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      await deliverDueWebhooks();
    } finally {
      spy.mockRestore();
      process.env.LOG_REQUESTS = before;
      resetEnvForTests();
    }
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "webhook attempt");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event_id, attempt: 1, host: new URL(receiver.url).host, status_code: 500, outcome: "pending", error: "HTTP 500" });
    const text = lines.join("");
    for (const secret of ["rahasia-merchant", "/hooks/sandi", "v1,", "whsec_", "6281299997777"]) expect(text).not.toContain(secret);
  });

  it("the background worker delivers on its own and stops cleanly", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const worker = startWorker({ intervalMs: 20 });
    try {
      await sendTestEvent(m.id);
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    const db = await getDb();
    await expect.poll(async () => (await db.webhookDelivery.findFirstOrThrow()).status, { timeout: 10_000 }).toBe("succeeded");
  });
});

describe("worker housekeeping", () => {
  it("the worker's periodic sweep expires overdue Pending top-ups and leaves the others", async () => {
    const m = await newMerchant();
    const db = await getDb();
    const method = await db.paymentMethod.findFirstOrThrow({ where: { active: true } });
    const now = new Date();
    const base = { merchantId: m.id, paymentMethodId: method.id, amount: 50_000, adminFee: 0, paymentTotal: 50_000, paymentType: method.type };
    await db.topup.create({ data: { ...base, topupId: "TP-OVERDUE", expiresAt: new Date(now.getTime() - 1000) } });
    await db.topup.create({ data: { ...base, topupId: "TP-OPEN", expiresAt: new Date(now.getTime() + 3600_000) } });
    await db.topup.create({ data: { ...base, topupId: "TP-PAID", status: "Paid", expiresAt: new Date(now.getTime() - 1000) } });
    await periodicJobs().runDue(now);
    const statuses = Object.fromEntries((await db.topup.findMany()).map((t) => [t.topupId, t.status]));
    expect(statuses).toEqual({ "TP-OVERDUE": "Expired", "TP-OPEN": "Pending", "TP-PAID": "Paid" });
  });
});
