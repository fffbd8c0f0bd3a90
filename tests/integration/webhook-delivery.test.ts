import { createHmac } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/env";
import { PrismaClient } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { listWebhookEvents, resendEvent, rotateWebhookSecret, sendTestEvent } from "@/server/services/webhooks/manage";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { startReceiver, type Received } from "../harness/webhook-receiver";
import { deliveredCode, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { merchantWithWebhook } from "../harness/webhook-merchant";
import { databaseUrl } from "../harness/per-file-database";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A worker's own connection pool, as a worker process on another machine would have. */
function separateConnection() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  closers.push(async () => {
    await db.$disconnect();
    await pool.end().catch(() => undefined);
  });
  return { pool, db };
}

/** An independent implementation of the Standard Webhooks check, as a merchant would write it. */
function verifySignature(received: Received, secret: string): boolean {
  const id = received.headers["webhook-id"] as string;
  const timestamp = received.headers["webhook-timestamp"] as string;
  const key = Buffer.from(secret.split("_")[1], "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${received.body}`).digest("base64");
  return (received.headers["webhook-signature"] as string).split(" ").some((entry) => entry === `v1,${expected}`);
}


async function verifiedOtp(key: string) {
  const created = await requestOtp(key, { channel: "sms", destination: "6281234567890", external_id: "ext-1" });
  const otpId = created.body.data!.otp_id as string;
  await verify(key, { otp_id: otpId, otp: await deliveredCode(otpId) });
  return otpId;
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("otp.verified webhooks", () => {
  it("delivers one signed event per verification, verifiable with the merchant's secret", async () => {
    const { m, receiver, secret } = await merchantWithWebhook();
    const otpId = await verifiedOtp(m.key);
    await verify(m.key, { otp_id: otpId, otp: "000000" });
    const before = Date.now();
    expect(await deliverDueWebhooks()).toBe(1);
    const after = Date.now();
    expect(await deliverDueWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    expect(verifySignature(hit, secret)).toBe(true);
    expect(verifySignature({ ...hit, body: hit.body.replace("sms", "wa") }, secret)).toBe(false);
    // The timestamp is the second the delivery was sent, however long it took.
    expect(Number(hit.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(Number(hit.headers["webhook-timestamp"])).toBeLessThanOrEqual(Math.ceil(after / 1000));
    const payload = JSON.parse(hit.body);
    expect(Object.keys(payload)).toEqual(["id", "type", "created_at", "livemode", "data"]);
    expect(payload.livemode).toBe(true);
    expect(Object.keys(payload.data)).toEqual(["otp_id", "channel", "number", "status", "verified_at", "external_id"]);
    expect(payload).toMatchObject({ id: hit.headers["webhook-id"], type: "otp.verified", data: { otp_id: otpId, channel: "sms", number: "6281234567890", external_id: "ext-1" } });
    expect(payload.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(payload.data.verified_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("emits nothing for a mismatch or an error", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const created = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    const code = await deliveredCode(created.body.data!.otp_id as string);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect((await verify(m.key, { otp_id: created.body.data!.otp_id, otp: wrong })).body.data?.verified).toBe(false);
    expect((await verify(m.key, { otp_id: "999999999", otp: code })).status).toBeGreaterThanOrEqual(400);
    expect((await verify(m.key, { otp_id: created.body.data!.otp_id })).status).toBe(400);
    expect(await deliverDueWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("retries a 500 on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and then marks the delivery failed", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 500 }));
    await verifiedOtp(m.key);
    let now = new Date();
    await deliverDueWebhooks({ now });
    const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    const db = await getDb();
    for (const delay of delays) {
      const pending = await db.webhookDelivery.findFirstOrThrow({ include: { attempts: { orderBy: { attemptNumber: "desc" }, take: 1 } } });
      const [last] = pending.attempts;
      // Counted from the end of the attempt that failed (its start plus its latency).
      expect(pending.nextAttemptAt!.getTime()).toBe(last.startedAt.getTime() + last.latencyMs! + delay);
      expect(await deliverDueWebhooks({ now: at(pending.nextAttemptAt!, -1) })).toBe(0);
      now = pending.nextAttemptAt!;
      expect(await deliverDueWebhooks({ now })).toBe(1);
    }
    const [delivery] = await db.webhookDelivery.findMany({ include: { attempts: true } });
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 8 });
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual(Array(8).fill(500));
    expect(receiver.received).toHaveLength(8);
    expect(await deliverDueWebhooks({ now: at(now, 100 * 3600_000) })).toBe(0);
  });

  it("retries after a timeout and after a refused connection, recording each attempt's error", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 200, delayMs: 2000 }));
    await verifiedOtp(m.key);
    const now = new Date();
    await deliverDueWebhooks({ now, timeoutMs: 200 });
    const db = await getDb();
    let [delivery] = await db.webhookDelivery.findMany({ include: { attempts: true } });
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: "Timed out" });
    expect(delivery.attempts[0].latencyMs).toBeGreaterThanOrEqual(200);
    expect(delivery.nextAttemptAt!.getTime()).toBe(now.getTime() + delivery.attempts[0].latencyMs! + 5000);

    const closed = await startReceiver();
    await closed.close();
    await db.webhookEndpoint.update({ where: { merchantId: m.id }, data: { url: closed.url } });
    const second = delivery.nextAttemptAt!;
    await deliverDueWebhooks({ now: second });
    [delivery] = await db.webhookDelivery.findMany({ include: { attempts: { orderBy: { attemptNumber: "asc" } } } });
    expect(delivery.attempts[1].error).toBe("ECONNREFUSED");
    expect(delivery.nextAttemptAt!.getTime()).toBe(second.getTime() + delivery.attempts[1].latencyMs! + 300_000);
  });

  it("counts the first retry's 5 s from the end of a slow attempt, so a timeout is not retried at once", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 200, delayMs: 3000 }));
    await verifiedOtp(m.key);
    const now = new Date();
    await deliverDueWebhooks({ now, timeoutMs: 1500 });
    expect(await deliverDueWebhooks({ now: at(now, 5000) })).toBe(0);
    const delivery = await (await getDb()).webhookDelivery.findFirstOrThrow();
    expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(now.getTime() + 1500 + 5000);
  });

  it("honours Retry-After on 429 and 503 when it is longer than the schedule", async () => {
    const { m } = await merchantWithWebhook((n) => (n === 1 ? { status: 429, headers: { "retry-after": "120" } } : { status: 503, headers: { "retry-after": "1" } }));
    await verifiedOtp(m.key);
    const now = new Date();
    await deliverDueWebhooks({ now });
    const db = await getDb();
    let [delivery] = await db.webhookDelivery.findMany({ include: { attempts: { orderBy: { attemptNumber: "asc" } } } });
    expect(delivery.nextAttemptAt!.getTime()).toBe(now.getTime() + delivery.attempts[0].latencyMs! + 120_000);
    const second = delivery.nextAttemptAt!;
    await deliverDueWebhooks({ now: second });
    [delivery] = await db.webhookDelivery.findMany({ include: { attempts: { orderBy: { attemptNumber: "asc" } } } });
    expect(delivery.nextAttemptAt!.getTime()).toBe(second.getTime() + delivery.attempts[1].latencyMs! + 300_000);
  });

  it("honours Retry-After given as an HTTP date", async () => {
    const retryAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 20 * 60_000);
    const { m } = await merchantWithWebhook(() => ({ status: 503, headers: { "retry-after": retryAt.toUTCString() } }));
    await verifiedOtp(m.key);
    await deliverDueWebhooks();
    const db = await getDb();
    const [delivery] = await db.webhookDelivery.findMany();
    expect(delivery.status).toBe("pending");
    expect(delivery.nextAttemptAt!.getTime()).toBe(retryAt.getTime());
  });

  it("disables the endpoint on 410 Gone and stops delivering", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 410 }));
    await verifiedOtp(m.key);
    await deliverDueWebhooks();
    const db = await getDb();
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: m.id } });
    expect(endpoint.enabled).toBe(false);
    expect((await db.webhookDelivery.findFirstOrThrow()).status).toBe("failed");
    const second = await requestOtp(m.key, { channel: "email", destination: "a@b.co" });
    await verify(m.key, { otp_id: second.body.data!.otp_id, otp: await deliveredCode(second.body.data!.otp_id as string) });
    expect(await deliverDueWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 302, headers: { location: "http://127.0.0.1:1/elsewhere" } }));
    await verifiedOtp(m.key);
    await deliverDueWebhooks();
    const db = await getDb();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ include: { attempts: true } });
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 302, error: "Redirect 302 not followed" });
    expect(receiver.received).toHaveLength(1);
  });

  it("two workers running at once send a due delivery exactly once", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 200, delayMs: 100 }));
    await verifiedOtp(m.key);
    const counts = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(receiver.received).toHaveLength(1);
    const db = await getDb();
    expect(await db.webhookAttempt.count()).toBe(1);
  });

  it("never double-sends with several workers and several due deliveries", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 200, delayMs: 100 }));
    for (let i = 0; i < 3; i++) {
      const created = await requestOtp(m.key, { channel: "email", destination: `u${i}@b.co` });
      await verify(m.key, { otp_id: created.body.data!.otp_id, otp: await deliveredCode(created.body.data!.otp_id as string) });
    }
    const counts = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(3);
  });

  it("two worker loops on separate connection pools never send a delivery twice", async () => {
    const { m, receiver } = await merchantWithWebhook(() => ({ status: 200, delayMs: 20 }));
    for (let i = 0; i < 12; i++) await sendTestEvent(m.id);
    const loop = async (connection: ReturnType<typeof separateConnection>) => {
      let claimed = 0;
      for (let n = await deliverDueWebhooks({ connection, batchSize: 2 }); n > 0; n = await deliverDueWebhooks({ connection, batchSize: 2 })) claimed += n;
      return claimed;
    };
    const claimed = await Promise.all([loop(separateConnection()), loop(separateConnection())]);
    expect(claimed[0] + claimed[1]).toBe(12);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const db = await getDb();
    expect(await db.webhookAttempt.count()).toBe(12);
    expect(await db.webhookDelivery.count({ where: { status: "succeeded" } })).toBe(12);
  });

  it("resumes a delivery whose worker died mid-flight once its lease expires, without recording the dead worker's attempt", async () => {
    const { m, receiver } = await merchantWithWebhook();
    await verifiedOtp(m.key);
    const now = new Date();
    const db = await getDb();
    // A worker claimed it and died: the lease is set, no attempt was recorded.
    await db.webhookDelivery.updateMany({ data: { lockedUntil: at(now, 60_000) } });
    expect(await deliverDueWebhooks({ now })).toBe(0);
    expect(await deliverDueWebhooks({ now: at(now, 60_000) })).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await db.webhookDelivery.findFirstOrThrow()).status).toBe("succeeded");
  });

  it("leases follow the database's clock: a worker whose machine clock runs ahead does not take over a live lease", async () => {
    const { m, receiver } = await merchantWithWebhook();
    await verifiedOtp(m.key);
    const db = await getDb();
    await db.$executeRaw`UPDATE webhook_deliveries SET locked_until = now() + interval '60 seconds'`;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 });
    try {
      expect(await deliverDueWebhooks()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    await db.$executeRaw`UPDATE webhook_deliveries SET locked_until = now() - interval '1 second'`;
    expect(await deliverDueWebhooks()).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it("refuses private-address webhook URLs unless WEBHOOK_ALLOW_PRIVATE_URLS=1", async () => {
    const m = await newMerchant();
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "0";
    resetEnvForTests();
    try {
      for (const url of ["http://127.0.0.1:8080/h", "http://10.1.2.3/h", "http://192.168.1.1/h", "http://169.254.169.254/latest", "http://[::1]/h", "http://[::ffff:169.254.169.254]/latest", "http://[::ffff:127.0.0.1]:8080/h", "http://0x7f.1/h", "ftp://example.com/h"]) {
        await expect(updateMerchant(m.id, { webhookUrl: url }), url).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
      }
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
      resetEnvForTests();
    }
  });

  it("signs with both the new and the old secret for 24 hours after a rotation", async () => {
    const { m, receiver, secret: oldSecret } = await merchantWithWebhook();
    const { secret: newSecret } = await rotateWebhookSecret(m.id);
    await sendTestEvent(m.id);
    await deliverDueWebhooks();
    expect(verifySignature(receiver.received[0], newSecret)).toBe(true);
    expect(verifySignature(receiver.received[0], oldSecret)).toBe(true);
    await sendTestEvent(m.id);
    await deliverDueWebhooks({ now: at(new Date(), 25 * 3600_000) });
    expect(verifySignature(receiver.received[1], newSecret)).toBe(true);
    expect(verifySignature(receiver.received[1], oldSecret)).toBe(false);
  });

  it("keeps every rotated-out secret signing for 24 hours from its own rotation, even after another rotation", async () => {
    const { m, receiver, secret: first } = await merchantWithWebhook();
    const start = new Date();
    const { secret: second } = await rotateWebhookSecret(m.id, start);
    const { secret: third } = await rotateWebhookSecret(m.id, at(start, 12 * 3600_000));
    await sendTestEvent(m.id);
    await deliverDueWebhooks({ now: at(start, 13 * 3600_000) });
    for (const secret of [first, second, third]) expect(verifySignature(receiver.received[0], secret)).toBe(true);
    await sendTestEvent(m.id);
    await deliverDueWebhooks({ now: at(start, 25 * 3600_000) });
    expect(verifySignature(receiver.received[1], first)).toBe(false);
    expect(verifySignature(receiver.received[1], second)).toBe(true);
    expect(verifySignature(receiver.received[1], third)).toBe(true);
  });

  it("resends a past event with the same webhook-id and logs every attempt; another merchant's event is not found", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const { event_id } = await sendTestEvent(m.id);
    await deliverDueWebhooks();
    await resendEvent(m.id, event_id);
    await deliverDueWebhooks();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([event_id, event_id]);
    const log = await listWebhookEvents(m.id);
    expect(log.items[0]).toMatchObject({ event_id, type: "webhook.test" });
    expect(log.items[0].deliveries).toHaveLength(2);
    expect(log.items[0].deliveries[0].attempts[0]).toMatchObject({ attempt_number: 1, status_code: 200 });
    const other = await newMerchant();
    await expect(resendEvent(other.id, event_id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
