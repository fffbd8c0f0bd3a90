// Graceful shutdown (docs/configuration.md): a rolling restart under load, the way
// an orchestrator does it, answers every request and loses none. Production
// servers (src/server/front/serve.mjs on `npm run build`'s .next, as the bench starts them) on this
// run's database and Redis, behind a round-robin front that takes an instance out
// when its /readyz answers 503. Steady creations (each with an external_id) and
// reads; each instance in turn gets a replacement, then SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { freePort, startApp, type AppServer } from "../../bench/lib/server";
import { databaseUrl } from "../harness/per-file-database";
import { ensureProductionBuild, PRODUCTION_BUILD_WAIT_MS, PRODUCTION_DIST_DIR } from "../harness/production-build";
import { startRoundRobinFront, type RoundRobinFront } from "../harness/round-robin-front";
import { newMerchant } from "../harness/v3-fixtures";
import { waitFor } from "../harness/wait-for";

const logDir = mkdtempSync(path.join(os.tmpdir(), "sandi-rolling-"));
const started: AppServer[] = [];

type Instance = { app: AppServer; port: number; logFile: string; exit: Promise<number | null> };

async function startInstance(drainMs: number): Promise<Instance> {
  const port = await freePort();
  const logFile = path.join(logDir, `app-${port}.log`);
  const app = await startApp({
    port,
    logFile,
    distDir: PRODUCTION_DIST_DIR,
    // The harness's secrets come with process.env: every instance shares them, as a fleet must.
    env: { DATABASE_URL: databaseUrl, REDIS_URL: inject("redisUrl"), SHUTDOWN_DRAIN_MS: String(drainMs), LOG_REQUESTS: "0", DATA_DIR: path.join(logDir, `data-${port}`) },
  });
  started.push(app);
  const exit = new Promise<number | null>((resolve) => app.process.once("exit", (code) => resolve(code)));
  await waitFor(async () => (await fetch(`${app.baseUrl}/readyz`).catch(() => null))?.status === 200, { timeoutMs: 120_000, what: `the instance on :${port} to be ready` });
  return { app, port, logFile, exit };
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The production build the servers run (made once per run, shared with production-start; skipped when fresh).
  await ensureProductionBuild();
}, PRODUCTION_BUILD_WAIT_MS);

afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

describe("a rolling restart behind a load balancer", { timeout: 600_000 }, () => {
  let front: RoundRobinFront | undefined;
  afterAll(async () => front?.close());

  it("answers every request without a 5xx or a dropped connection, and keeps every accepted creation exactly once", async () => {
    const m = await newMerchant({ saldo: 10_000_000 });
    await updateMerchant(m.id, { rateLimit: 100_000 });
    const [a, b] = await Promise.all([startInstance(1500), startInstance(1500)]);
    front = await startRoundRobinFront();
    const lb = front;
    const backends = new Map([a, b].map((i) => [i, lb.add(i.port)]));
    await waitFor(() => [...backends.values()].every((x) => x.healthy), { timeoutMs: 10_000, what: "the front to see both instances healthy" });

    // Steady load: each client creates an OTP (its own external_id) and reads it back, over and over.
    const answers: { what: string; status: number }[] = [];
    const accepted = new Map<string, string>();
    let loading = true;
    const client = async (n: number) => {
      for (let i = 0; loading; i++) {
        const externalId = `roll-${n}-${i}`;
        const created = await fetch(`${lb.url}/v3/request`, {
          method: "POST",
          headers: { authorization: `Bearer ${m.key}`, "content-type": "application/json" },
          body: JSON.stringify({ channel: "email", destination: `user${n}-${i}@toko.test`, external_id: externalId }),
        });
        const body = (await created.json().catch(() => null)) as { data?: { otp_id: string } } | null;
        answers.push({ what: `create ${externalId}`, status: created.status });
        if (created.status !== 200 || !body?.data) continue;
        accepted.set(externalId, body.data.otp_id);
        const read = await fetch(`${lb.url}/v3/otp/${body.data.otp_id}`, { headers: { authorization: `Bearer ${m.key}` } });
        await read.arrayBuffer();
        answers.push({ what: `read ${body.data.otp_id}`, status: read.status });
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));
    await waitFor(() => accepted.size >= 20, { timeoutMs: 60_000, what: "the load to be under way" });

    // Each instance in turn: its replacement comes up and is taken in, then it gets SIGTERM.
    const replacements: Instance[] = [];
    for (const old of [b, a]) {
      const replacement = await startInstance(1500);
      replacements.push(replacement);
      const added = lb.add(replacement.port);
      await waitFor(() => added.healthy, { timeoutMs: 10_000, what: "the front to take the replacement in" });
      const before = accepted.size;
      old.app.process.kill("SIGTERM");
      expect(await old.exit).toBe(0);
      expect(backends.get(old)!.sawDraining).toBe(true);
      lb.remove(backends.get(old)!);
      await waitFor(() => accepted.size >= before + 20, { timeoutMs: 60_000, what: "creations to go on after the restart" });
    }
    loading = false;
    await clients;
    // Stopped here, not after the file: their API log rows must not land in the next test's tables.
    for (const r of replacements) r.app.process.kill("SIGTERM");
    expect(await Promise.all(replacements.map((r) => r.exit))).toEqual([0, 0]);

    expect(lb.failures).toEqual([]);
    expect(answers.filter((x) => x.status !== 200)).toEqual([]);
    const rows = await query<{ external_id: string; otp_id: string }>(`SELECT external_id, otp_id FROM otp_transactions WHERE merchant_id = $1`, [m.id]);
    expect(rows).toHaveLength(accepted.size);
    expect(new Map(rows.map((r) => [r.external_id, r.otp_id]))).toEqual(accepted);
  });
});

describe("SIGTERM on a busy instance", { timeout: 600_000 }, () => {
  it("finishes the request in flight after it stopped accepting, and flushes the API log rows of every request it answered", async () => {
    const m = await newMerchant();
    const instance = await startInstance(0);
    const body = (i: number) => JSON.stringify({ channel: "email", destination: `busy${i}@toko.test` });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${instance.app.baseUrl}/v3/request`, { method: "POST", headers: { authorization: `Bearer ${m.key}`, "content-type": "application/json" }, body: body(i) });
      expect(res.status).toBe(200);
    }

    // A request whose headers the server has taken (it answered 100 Continue) and whose body is still on its way.
    const slow = body(3);
    const socket = net.connect(instance.port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(
      `POST /v3/request HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${m.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(slow)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await waitFor(() => received.startsWith("HTTP/1.1 100"), { timeoutMs: 30_000, what: "the server to take the request's headers" });

    instance.app.process.kill("SIGTERM");
    const refused = () => new Promise<boolean>((resolve) => net.connect(instance.port, "127.0.0.1").once("connect", function (this: net.Socket) { this.destroy(); resolve(false); }).once("error", () => resolve(true)));
    await waitFor(refused, { timeoutMs: 30_000, what: "the instance to stop accepting connections" });
    // Written, not ended: a client that half-closes its side has its request aborted by Node.
    socket.write(slow);
    await ended;

    const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((x) => Number(x[1]));
    expect(statuses).toEqual([100, 200]);
    expect(received).toMatch(/"otp_id":"[^"]+"/);
    expect(await instance.exit).toBe(0);
    expect(readFileSync(instance.logFile, "utf8")).toContain('"msg":"stopped"');
    const logged = await query<{ n: string }>(`SELECT count(*) AS n FROM api_request_logs WHERE merchant_id = $1 AND path = '/v3/request' AND status = 200`, [m.id]);
    expect(Number(logged[0].n)).toBe(4);
  });
});

describe("npm start on the embedded database, stopped with SIGTERM", { timeout: 600_000 }, () => {
  it("forwards the signal, lets the server drain (its /readyz answers 503 meanwhile) and exit 0, then stops the embedded PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-start-"));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NEXT_DIST_DIR: PRODUCTION_DIST_DIR, SHUTDOWN_DRAIN_MS: "3000", LOG_REQUESTS: "0" };
    delete env.DATABASE_URL;
    const launcher = spawn(process.execPath, ["--import", "tsx", "src/cli/start.ts"], { env, stdio: "ignore" });
    const exit = new Promise<number | null>((resolve) => launcher.once("exit", (code) => resolve(code)));
    try {
      const readyz = () => fetch(`http://127.0.0.1:${port}/readyz`).then(async (r) => ((await r.json()) as { status: string }).status, () => "unreachable");
      await waitFor(async () => (await readyz()) === "ready", { timeoutMs: 240_000, what: "npm start to serve" });
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(true);
      launcher.kill("SIGTERM");
      await waitFor(async () => (await readyz()) === "draining", { timeoutMs: 30_000, what: "the server to report draining" });
      expect(await exit).toBe(0);
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    } finally {
      if (launcher.exitCode === null) launcher.kill("SIGKILL");
    }
  });
});
