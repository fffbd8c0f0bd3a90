// The webhook worker is killed (SIGKILL) while its deliveries are in flight. The
// attempts it had started are on record (as interrupted), its short leases keep
// other workers off until they run out, then the deliveries are sent again and
// recorded once; nothing is lost and nothing is recorded twice.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { INTERRUPTED_ATTEMPT } from "@/server/services/webhooks/deliver-due";
import { LEASE_MS } from "@/server/services/webhooks/lease-keeper";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { deliveredCode, expectLedgerBalanced, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { waitFor } from "../harness/wait-for";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A merchant endpoint that holds requests open (never answers) until told to answer. */
async function endpoint() {
  const received: { eventId: string; answered: boolean }[] = [];
  let answering = false;
  const server = http.createServer((req, res) => {
    req.resume();
    received.push({ eventId: String(req.headers["webhook-id"]), answered: answering });
    if (answering) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, answer: () => (answering = true) };
}

function startWorkerProcess(): ChildProcess {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join("src", "cli", "worker.ts")], { env: { ...process.env, LOG_REQUESTS: "0" }, stdio: "ignore" });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child;
}

describe("webhook worker killed mid-delivery", () => {
  it("leaves the leased deliveries alone until the lease runs out, then delivers each exactly once more and records it", async () => {
    const hooks = await endpoint();
    const m = await newMerchant();
    await updateMerchant(m.id, { rateLimit: 10_000, webhookUrl: hooks.url });
    // As many as the worker sends to one endpoint at once (its per-endpoint cap), so all are in flight when it dies.
    for (let i = 0; i < 4; i++) {
      const otpId = (await requestOtp(m.key, { channel: "sms", destination: `62817${String(60_000_001 + i * 3).padStart(8, "0")}` })).body.data!.otp_id as string;
      expect((await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) })).body.data?.verified).toBe(true);
    }
    const db = await getDb();
    const events = await db.webhookEvent.findMany({ where: { merchantId: m.id } });
    expect(events).toHaveLength(4);

    const worker = startWorkerProcess();
    await waitFor(() => hooks.received.length >= 4, { timeoutMs: 30_000, what: "the worker to post all 4 events" });
    expect(hooks.received).toHaveLength(4);
    const killed = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGKILL");
    await killed;

    const killedAt = Date.now();
    const inFlight = await db.webhookDelivery.findMany({ where: { event: { merchantId: m.id } }, include: { attempts: true } });
    expect(inFlight.every((d) => d.status === "pending" && d.lockedUntil !== null && d.lockedUntil > new Date())).toBe(true);
    // The cut-off attempts are on record, and the wait for redelivery is the short lease, not a minute.
    expect(inFlight.every((d) => d.attemptCount === 1 && d.attempts.length === 1 && d.attempts[0].error === INTERRUPTED_ATTEMPT && d.attempts[0].statusCode === null)).toBe(true);
    expect(inFlight.every((d) => d.lockedUntil!.getTime() <= killedAt + LEASE_MS)).toBe(true);
    expect(LEASE_MS).toBeLessThanOrEqual(15_000);
    expect(await deliverDueWebhooks({ now: new Date() })).toBe(0);

    hooks.answer();
    expect(await deliverDueWebhooks({ now: new Date(killedAt + LEASE_MS + 1000) })).toBe(4);
    const done = await db.webhookDelivery.findMany({ where: { event: { merchantId: m.id } }, include: { attempts: { orderBy: { attemptNumber: "asc" } }, event: true } });
    expect(done.every((d) => d.status === "succeeded" && d.attemptCount === 2 && d.attempts.length === 2 && d.lockedUntil === null)).toBe(true);
    expect(done.every((d) => d.attempts[0].error === INTERRUPTED_ATTEMPT && d.attempts[1].statusCode === 200 && d.attempts[1].error === null)).toBe(true);
    const answered = hooks.received.filter((r) => r.answered).map((r) => r.eventId).sort();
    expect(answered).toEqual(events.map((e) => e.eventId).sort());
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  }, 60_000);

  it("a worker process started after the kill delivers what the killed one left, each event once", async () => {
    const hooks = await endpoint();
    const m = await newMerchant();
    await updateMerchant(m.id, { rateLimit: 10_000, webhookUrl: hooks.url });
    for (let i = 0; i < 4; i++) {
      const otpId = (await requestOtp(m.key, { channel: "sms", destination: `62818${String(70_000_001 + i * 3).padStart(8, "0")}` })).body.data!.otp_id as string;
      await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    }
    const db = await getDb();
    const events = await db.webhookEvent.findMany({ where: { merchantId: m.id } });

    const first = startWorkerProcess();
    await waitFor(() => hooks.received.length >= 4, { timeoutMs: 30_000, what: "the first worker to post all 4 events" });
    expect(hooks.received).toHaveLength(4);
    const killed = new Promise((r) => first.once("exit", r));
    first.kill("SIGKILL");
    await killed;

    // The killed worker's short leases run out (moved, rather than waited for).
    await db.webhookDelivery.updateMany({ where: { event: { merchantId: m.id } }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    hooks.answer();
    startWorkerProcess();
    await expect
      .poll(async () => db.webhookDelivery.count({ where: { event: { merchantId: m.id }, status: "succeeded" } }), { timeout: 30_000, interval: 200 })
      .toBe(4);
    const done = await db.webhookDelivery.findMany({ where: { event: { merchantId: m.id } }, include: { attempts: true } });
    expect(done.every((d) => d.attemptCount === 2 && d.attempts.length === 2 && d.attempts.filter((a) => a.statusCode === 200).length === 1)).toBe(true);
    expect(hooks.received.filter((r) => r.answered).map((r) => r.eventId).sort()).toEqual(events.map((e) => e.eventId).sort());
  }, 60_000);
});
