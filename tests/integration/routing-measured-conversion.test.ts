// Routing by measured conversion end to end (docs/routing.md#routing-by-measured-conversion):
// real creations through /v3/request over two SMS routes of equal priority and weight (the
// HTTP SMS aggregator adapter against two route simulators, whose signed receipts go
// through Sandi's hook), and the user's verifications through /v3/verify with the code the
// simulator says reached them.
//
// Route "agg-a" accepts and reports every message delivered, but its messages to 62811
// never reach the user until it recovers; "agg-b" always works. Draws are seeded
// (useRoutingRandom), so the shares are the same on every run. Time is moved, not waited
// for: each instance's figures describe a moment (refreshRouteFigures(asOf)), here "now +
// the maturity" so that the unverified sends count as settled, and after the recovery "one
// routing window after it", when the sends from before the recovery have left the window.
// Nothing sleeps and nothing asserts on time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { seededRandom } from "@/server/lib/random";
import { metricsText } from "@/server/metrics-scrape/exposition";
import { applyEarlyReceipts } from "@/server/services/delivery/receipts";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { useRoutingRandom } from "@/server/services/routing/choose-route";
import { forgetRouteFigures, refreshRouteFigures } from "@/server/services/routing/figures-snapshot";
import { forgetRoutes } from "@/server/services/routing/route-cache";
import { routeStats } from "@/server/services/routing/route-stats";
import { addRoute } from "@/server/services/routing/route-store";
import { MIN_SETTLED, routingSettings } from "@/server/services/routing/routing-settings";
import { overrideEnv } from "../harness/env-override";
import { postToHooks } from "../harness/hook-dispatch";
import { otpctlJson, CLI_TEST_TIMEOUT_MS } from "../harness/otpctl";
import { newMerchant, requestOtp, verify, type Merchant } from "../harness/v3-fixtures";
import { startRouteVendor, type RouteVendor } from "../simulators/route-vendor-simulator";

type Aggregator = { route: "agg-a" | "agg-b"; sim: RouteVendor };
type Delivery = { route: string; route_reason: string; status: string };

let merchant: Merchant;
let aggregators: Aggregator[];
let restore: (() => void)[] = [];
/** Whether agg-a's messages to 62811 reach the user. */
let aReaches62811 = false;
let numbers = 0;

const maturity = () => routingSettings().maturityMs;
/** The figures as they will stand once every send made so far has matured. */
const refreshMatured = () => refreshRouteFigures(new Date(Date.now() + maturity()));

/** One creation to a fresh number under `prefix`, its receipt through the hook, and the user's verification when the code reached them. */
async function create(prefix: string): Promise<{ route: string; reason: string }> {
  numbers += 1;
  const destination = `${prefix}${String(numbers).padStart(7, "0")}`;
  const res = await requestOtp(merchant.key, { channel: "sms", destination });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const otpId = res.body.data!.otp_id as string;
  const [delivery, ...more] = res.body.data!.deliveries as Delivery[];
  expect(more).toEqual([]);
  for (const a of aggregators) await a.sim.receiptsSettled();
  await applyEarlyReceipts();
  const code = aggregators.find((a) => a.route === delivery.route)!.sim.codeFor(otpId);
  if (code) expect((await verify(merchant.key, { otp_id: otpId, otp: code })).body.data?.verified).toBe(true);
  return { route: delivery.route, reason: delivery.route_reason };
}

/**
 * Routes and reasons of `n` creations to each prefix in turn, refreshing the figures every
 * 50 rounds as instances do every few seconds (unless `refreshing` is false).
 */
async function traffic(prefixes: string[], n: number, refreshing = true): Promise<Record<string, { route: string; reason: string }[]>> {
  const out: Record<string, { route: string; reason: string }[]> = Object.fromEntries(prefixes.map((p) => [p, []]));
  for (let i = 0; i < n; i++) {
    for (const prefix of prefixes) out[prefix].push(await create(prefix));
    if (refreshing && (i + 1) % 50 === 0) await refreshMatured();
  }
  return out;
}

const share = (choices: { route: string }[], route: string) => choices.filter((c) => c.route === route).length / choices.length;

async function standing(asOf: Date, prefix: string): Promise<Record<string, { standing: string; settled: number; verified: number }>> {
  const stats = await routeStats(asOf);
  return Object.fromEntries(stats.prefixes.filter((p) => p.channel === "sms" && p.prefix === prefix).map((p) => [p.route, { standing: p.standing, settled: p.settled, verified: p.verified }]));
}

beforeAll(() => {
  // No background refresh during the test: the figures change only when it refreshes them.
  restore.push(overrideEnv({ ROUTING_REFRESH_SECONDS: "300" }));
  restore.push(useRoutingRandom(seededRandom(26)));
});

/** The merchant and the two routes (every test starts from an empty database). */
async function setUp(): Promise<void> {
  resetBreakers();
  forgetRouteFigures();
  merchant = await newMerchant({ saldo: 10_000_000 });
  await updateMerchant(merchant.id, { rateLimit: 100_000, fraudGuard: "off" });
  aggregators = [];
  for (const route of ["agg-a", "agg-b"] as const) {
    const sim = await startRouteVendor("http_sms", { receipts: postToHooks });
    await addRoute({ name: route, channel: "sms", adapter: "http_sms", config: sim.routeConfig() });
    aggregators.push({ route, sim });
  }
  aggregators[0].sim.reaches = (to) => aReaches62811 || !to.startsWith("62811");
  forgetRoutes();
}

afterAll(async () => {
  for (const undo of restore.reverse()) undo();
  restore = [];
  forgetRoutes();
  forgetRouteFigures();
  await Promise.all(aggregators.map((a) => a.sim.close()));
});

describe("routing by measured conversion", () => {
  it(
    "(b) moves 62811 to the route whose codes are verified while 62812 stays split by weight, and (c) gives the recovered route its share back within one window",
    { timeout: 600_000 + CLI_TEST_TIMEOUT_MS },
    async () => {
      await setUp();
      // Before any figures: both prefixes split by weight; agg-a's 62811 codes are never verified.
      const before = await traffic(["62811", "62812"], 60, false);
      expect(new Set(before["62811"].map((c) => c.reason))).toEqual(new Set(["weight"]));
      expect(share(before["62811"], "agg-a")).toBeGreaterThan(0.3);

      const detected = new Date(Date.now() + maturity());
      await refreshRouteFigures(detected);
      const judged = await standing(detected, "62811");
      expect(judged["agg-a"]).toMatchObject({ standing: "demoted", verified: 0 });
      expect(judged["agg-b"].standing).toBe("best");
      expect(Object.values(await standing(detected, "62812")).map((s) => s.standing)).not.toContain("demoted");

      // (b) the next 200 creations to each prefix.
      const demoted = await traffic(["62811", "62812"], 200);
      expect(share(demoted["62811"], "agg-b")).toBeGreaterThanOrEqual(0.9);
      for (const c of demoted["62811"]) expect(c.reason).toBe(c.route === "agg-b" ? "measured_conversion" : "exploration");
      expect(share(demoted["62812"], "agg-a")).toBeGreaterThan(0.35);
      expect(share(demoted["62812"], "agg-a")).toBeLessThan(0.65);
      expect(new Set(demoted["62812"].map((c) => c.reason))).toEqual(new Set(["weight"]));

      // What the operator sees (now, so agg-a's latest sends have not matured yet).
      const stats = await otpctlJson(["route", "stats"]);
      expect(stats).toMatchObject({ window_seconds: 600, maturity_seconds: 120, exploration_percent: 5 });
      expect((stats.routes as { route: string }[]).map((r) => r.route)).toEqual(["agg-a", "agg-b"]);
      expect(new Set((stats.prefixes as { prefix: string }[]).map((p) => p.prefix))).toEqual(new Set(["62811", "62812"]));
      expect((stats.prefixes as { route: string; prefix: string; verified: number }[]).find((p) => p.route === "agg-a" && p.prefix === "62811")?.verified).toBe(0);
      // And Prometheus, from this instance's copy (every agg-b code verified; agg-a's 62811 ones never, its 62812 ones all).
      const { body: scraped } = await metricsText();
      expect(scraped).toMatch(/^sandi_route_window_sends\{channel="sms",route="agg-a",kind="sent"\} [1-9]\d*$/m);
      expect(scraped).toMatch(/^sandi_route_verification_ratio\{channel="sms",route="agg-b"\} 1$/m);
      expect(Number(/^sandi_route_verification_ratio\{channel="sms",route="agg-a"\} ([\d.]+)$/m.exec(scraped)?.[1])).toBeLessThan(1);

      // (c) agg-a reaches 62811 again. Its exploration sends verify; one window after the
      // recovery its sends from before have left the window and it is judged on those.
      aReaches62811 = true;
      const recovered = new Date();
      const explored = await traffic(["62811"], 300);
      const explorations = explored["62811"].filter((c) => c.reason === "exploration").length;
      expect(explorations).toBeGreaterThanOrEqual(MIN_SETTLED);
      const oneWindowLater = new Date(recovered.getTime() + routingSettings().windowMs);
      await refreshRouteFigures(oneWindowLater);
      const back = await standing(oneWindowLater, "62811");
      expect(back["agg-a"]).toMatchObject({ settled: explorations, verified: explorations });
      expect(back["agg-a"].standing).not.toBe("demoted");

      // These creations happen "one window later" too: the figures stay as of then.
      const after = await traffic(["62811"], 200, false);
      expect(share(after["62811"], "agg-a")).toBeGreaterThan(0.3);
      expect(new Set(after["62811"].map((c) => c.reason))).toEqual(new Set(["weight"]));
    },
  );

});
