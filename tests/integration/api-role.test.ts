// SERVER_ROLE=api: the production server (`npm start` on `npm run build`'s .next)
// without Next.js, for instances a load balancer sends only /v3 to. It serves /v3, the
// health checks and the metrics scrape, answers everything else with the envelope's
// 404, runs the start-up Next would have run (in-app worker, tracing, configuration
// checks) and drains on SIGTERM like the full server.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpctlProcess, CLI_TEST_TIMEOUT_MS } from "../harness/otpctl";
import { PRODUCTION_BUILD_WAIT_MS, PRODUCTION_DIST_DIR } from "../harness/production-build";
import { startProductionServer, type ProductionServer } from "../harness/production-server";
import { startOtlpCollector, type OtlpCollector } from "../harness/otlp-collector";
import { probe, probeNodeOptions, serverPid } from "../harness/server-probe";
import { waitFor } from "../harness/wait-for";

const METRICS_TOKEN = "api-role-test-token-0123456789abcdef";
let server: ProductionServer;
let collector: OtlpCollector;

beforeAll(async () => {
  collector = await startOtlpCollector();
  server = await startProductionServer({
    env: { SERVER_ROLE: "api", METRICS_TOKEN, SHUTDOWN_DRAIN_MS: "1500", OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "sandi-api-role", NODE_OPTIONS: probeNodeOptions() },
  });
}, PRODUCTION_BUILD_WAIT_MS + 120_000);

afterAll(async () => {
  await server?.stop();
  await collector?.close();
});

describe("a SERVER_ROLE=api server", () => {
  it("never loads Next.js, answers health checks and the scrape, and the envelope's 404 to pages", async () => {
    expect((await probe(server)).nextLoaded).toBe(false);
    expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${server.base}/readyz`)).json()).toMatchObject({ status: "ready", database: "ok" });
    expect((await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    for (const page of ["/", "/sign-in", "/topup/TU_x?hash=y", "/api/trpc/account.get"]) {
      const answer = await fetch(`${server.base}${page}`);
      expect(answer.status, page).toBe(404);
      expect(await answer.json()).toEqual({ success: false, data: null, error: { code: "NOT_FOUND", message: "Not found." } });
    }
    // Other methods on the front's paths: the envelope's 405, as Next's is there for the full server.
    const posted = await fetch(`${server.base}/healthz`, { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
    expect((await posted.json()).error.code).toBe("METHOD_NOT_ALLOWED");
    expect((await probe(server)).nextLoaded).toBe(false);
    expect(server.output()).toContain('"role":"api"');
  });

  it(
    "serves /v3 end to end, its in-app worker confirms the sandbox's sends, and its queries are traced",
    async () => {
      const created = await otpctlProcess(["merchant", "create", "--name", "Toko API", "--email", `api-role-${Date.now()}@toko.test`, "--saldo", "5000", "--json"]);
      expect(created.code, created.stderr).toBe(0);
      const auth = { authorization: `Bearer ${(JSON.parse(created.stdout) as { api_key: string }).api_key}`, "content-type": "application/json" };
      const sent = await fetch(`${server.base}/v3/send`, { method: "POST", headers: auth, body: JSON.stringify({ channel: "sms", destination: "6281234567890", otp: "482913" }) });
      expect(sent.status).toBe(200);
      const otp = (await sent.json()).data as { otp_id: string; status: string };
      expect(otp.status).toBe("sent");
      // The sandbox's receipt arrives through the worker's next ticks: sent → success.
      const read = async () => ((await (await fetch(`${server.base}/v3/otp/${otp.otp_id}`, { headers: auth })).json()).data as { status: string }).status;
      await waitFor(async () => (await read()) === "success", { timeoutMs: 15_000, what: "the in-app worker to confirm the sandbox send" });
      const verified = await fetch(`${server.base}/v3/verify`, { method: "POST", headers: auth, body: JSON.stringify({ otp_id: otp.otp_id, otp: "482913" }) });
      expect((await verified.json()).data).toEqual({ otp_id: otp.otp_id, verified: true, reason: "" });
      // Spans leave in batches (every 5 s): the service's, with the verification's statements.
      await waitFor(async () => collector.received.some((r) => r.path === "/v1/traces" && r.body.includes("sandi-api-role") && r.body.includes("otp_transactions")), { timeoutMs: 20_000, what: "the /v3 request's spans at the collector" });
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it("refuses to start without the secrets a fleet shares, as the full server does", async () => {
    const root = process.cwd();
    const child = spawn(process.execPath, [path.join(root, "src", "server", "front", "serve.mjs"), "--port", "0"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", SERVER_ROLE: "api", NEXT_DIST_DIR: PRODUCTION_DIST_DIR, DATABASE_URL: "postgres://127.0.0.1:1/nowhere" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(1);
    expect(output).toContain("Server start-up failed");
    expect(output).toMatch(/SESSION_SECRET|OTP_PEPPER|PAYMENT_LINK_SECRET/);
  });

  // Last: it stops the server.
  it("drains on SIGTERM: /readyz answers 503 while requests are still served, then it exits 0", async () => {
    process.kill(serverPid(server), "SIGTERM");
    await waitFor(async () => (await fetch(`${server.base}/readyz`).catch(() => null))?.status === 503, { timeoutMs: 5_000, what: "/readyz to answer 503" });
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.base}/v3/account`)).status).toBe(401);
    await waitFor(async () => server.output().includes('"msg":"stopped"'), { timeoutMs: 30_000, what: "the server to stop" });
  });
});
