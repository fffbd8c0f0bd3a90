// The production server (`npm start` on `npm run build`'s .next) answers the load
// balancer's health checks and the metrics scrape from its front, with the /v3 bundle's
// route handlers, so they never enter Next: once a request has entered Next's request
// context, Next's AsyncLocalStorage instances stay enabled and every promise the process
// creates afterwards pays for them (docs/performance.md). Counted by a preload
// in the server process (tests/harness/server-probe.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTION_BUILD_WAIT_MS } from "../harness/production-build";
import { startProductionServer, type ProductionServer } from "../harness/production-server";
import { probe, probeNodeOptions } from "../harness/server-probe";

const METRICS_TOKEN = "front-routes-test-token-0123456789abcdef";

let server: ProductionServer;
let base = "";
const enabledStorages = async () => (await probe(server)).alsEnabled;

beforeAll(async () => {
  server = await startProductionServer({ env: { METRICS_TOKEN, NODE_OPTIONS: probeNodeOptions() }, until: "listening" });
  base = server.base;
}, PRODUCTION_BUILD_WAIT_MS + 120_000);

afterAll(() => server?.stop());

describe("health checks and the metrics scrape at the production server", () => {
  // First: the count starts with the server's first request.
  it("enter no AsyncLocalStorage instance, nor does a /v3 request; a page enters Next's", async () => {
    expect(await probe(server)).toEqual({ alsEnabled: 0, nextLoaded: true });
    for (let i = 0; i < 3; i++) for (const p of ["/healthz", "/readyz"]) expect((await fetch(`${base}${p}`)).status).toBe(200);
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await enabledStorages()).toBe(0);
    // Nor does a /v3 request: its request id travels with the call, not in a storage of its own.
    expect((await fetch(`${base}/v3/account`)).status).toBe(401);
    expect(await enabledStorages()).toBe(0);
    // The count can rise: a page enters Next's.
    expect((await fetch(`${base}/sign-in`)).status).toBe(200);
    expect(await enabledStorages()).toBeGreaterThan(0);
  });
  it("answer as before (other methods there get Next's 405)", async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const head = await fetch(`${base}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "ok", pending_migrations: [] });
    const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain("# TYPE");
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    // Other methods there are still Next's answer to a route handler without them.
    expect((await fetch(`${base}/healthz`, { method: "POST" })).status).toBe(405);
  });

});
