import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { sendTestEvent } from "@/server/services/webhooks/manage";
import { newMerchant } from "../harness/v3-fixtures";
import { parseExposition } from "../harness/metrics-scrape";
import { startReceiver } from "../harness/webhook-receiver";
import { closedPort } from "../simulators/http-vendor-simulator";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/**
 * The worker entry point as a separate process on the same database. Run with tsx as a loader rather than
 * the tsx launcher: the launcher relays signals to its child with short timeouts that misfire on a busy machine.
 */
function startWorkerProcess(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/worker.ts"], { env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  closers.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("npm run worker", { timeout: 90_000 }, () => {
  it("delivers due webhooks from its own process and stops cleanly on SIGTERM", async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: receiver.url });
    const worker = startWorkerProcess();
    const { event_id } = await sendTestEvent(m.id);
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 200 }).toBe(1);
    expect(receiver.received[0].headers["webhook-id"]).toBe(event_id);
    worker.child.kill("SIGTERM");
    const code = await worker.exited;
    expect({ code, ...worker.output() }).toMatchObject({ code: 0, stdout: expect.stringContaining('"msg":"worker stopped"'), stderr: "" });
  });

  it("on SIGTERM finishes the delivery it is sending and records it before exiting, so nothing stays leased to it", async () => {
    // The receiver takes its time to answer: the send is in flight when the signal comes.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 3000 }));
    closers.push(receiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: receiver.url });
    const worker = startWorkerProcess();
    await sendTestEvent(m.id);
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 100 }).toBe(1);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const db = await getDb();
    const [delivery] = await db.webhookDelivery.findMany({ include: { attempts: true } });
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1 });
    expect(delivery.attempts).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it("serves its own metrics on METRICS_PORT, behind METRICS_TOKEN", async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: receiver.url });
    const port = await closedPort();
    const token = "worker-metrics-token-worker-metrics-0001";
    const worker = startWorkerProcess({ METRICS_PORT: String(port), METRICS_TOKEN: token });
    await sendTestEvent(m.id);
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 200 }).toBe(1);
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    // The attempt is counted once it is recorded, just after the receiver answered.
    const succeeded = async () => parseExposition(await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text()).get('sandi_webhook_deliveries_total{outcome="succeeded"}');
    await expect.poll(succeeded, { timeout: 10_000, interval: 100 }).toBe(1);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  });
});
