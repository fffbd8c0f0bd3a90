// Routing by measured conversion end to end (docs/routing.md#routing-by-measured-conversion):
// real creations through /v3/request over two SMS routes (the HTTP SMS aggregator adapter
// against two local aggregator simulators), receipts through the receipt service, and the
// user's verifications through /v3/verify with the code the simulator received.
//
// Route "agg-a" accepts and reports every message delivered, but for prefix 62811 its
// messages never reach the user (the test's user never verifies them) until it recovers;
// "agg-b" always works. Draws are seeded (useRoutingRandom), so the shares are the same on
// every run. Time is moved, not waited for: each instance's figures describe a moment
// (refreshRouteFigures(asOf)), here "now + the maturity" so that the unverified sends count
// as settled, and after the recovery "one routing window after it", when the sends from
// before the recovery have left the window. Nothing sleeps and nothing asserts on time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { seededRandom } from "@/server/lib/random";
import { applyDeliveryReceipt } from "@/server/services/delivery/receipts";
import { useRoutingRandom } from "@/server/services/routing/choose-route";
import { forgetRouteFigures, refreshRouteFigures } from "@/server/services/routing/figures-snapshot";
import { forgetRoutes } from "@/server/services/routing/route-cache";
import { routeStats } from "@/server/services/routing/route-stats";
import { addRoute } from "@/server/services/routing/route-store";
import { MIN_SETTLED, routingSettings } from "@/server/services/routing/routing-settings";
import { overrideEnv } from "../harness/env-override";
import { otpctlJson, CLI_TEST_TIMEOUT_MS } from "../harness/otpctl";
import { newMerchant, requestOtp, verify, type Merchant } from "../harness/v3-fixtures";
import { startVendorSimulator } from "../simulators/http-vendor-simulator";

type Aggregator = Awaited<ReturnType<typeof startAggregator>>;
type Sent = { messageId: string; text: string; to: string };

/** An HTTP SMS aggregator that accepts every message and keeps what it was asked to send, by otp_id. */
async function startAggregator(route: string) {
  const byOtp = new Map<string, Sent>();
  const sim = await startVendorSimulator((req, n) => {
    const body = JSON.parse(req.body) as { to: string; text: string; reference: string };
    const messageId = `${route}-${n}`;
    byOtp.set(body.reference, { messageId, text: body.text, to: body.to });
    return { status: 200, json: { status: "accepted", message_id: messageId } };
  });
  return { route, sim, byOtp };
}

let merchant: Merchant;
let aggregators: Aggregator[];
let restore: (() => void)[] = [];
/** Whether agg-a's messages to 62811 reach the user. */
let aReaches62811 = false;
let numbers = 0;

const maturity = () => routingSettings().maturityMs;
/** The figures as they will stand once every send made so far has matured. */
const refreshMatured = () => refreshRouteFigures(new Date(Date.now() + maturity()));

async function routeOf(otpId: string): Promise<{ route: string; reason: string }> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ route: string; route_reason: string }[]>`
    SELECT d.route, d.route_reason FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id
    WHERE o.otp_id = ${otpId} ORDER BY d.seq DESC LIMIT 1`;
  return { route: row.route, reason: row.route_reason };
}

/** One creation to a fresh number under `prefix`; the vendor's receipt; the user's verification when the message reached them. */
async function create(prefix: string): Promise<{ route: string; reason: string }> {
  numbers += 1;
  const destination = `${prefix}${String(numbers).padStart(7, "0")}`;
  const res = await requestOtp(merchant.key, { channel: "sms", destination });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const otpId = res.body.data!.otp_id as string;
  const aggregator = aggregators.find((a) => a.byOtp.has(otpId))!;
  const sent = aggregator.byOtp.get(otpId)!;
  expect(sent.to).toBe(destination);
  await applyDeliveryReceipt({ provider: "http_sms", providerMessageId: sent.messageId, otpId, outcome: "success" });
  const reaches = aggregator.route !== "agg-a" || prefix !== "62811" || aReaches62811;
  if (reaches) {
    const code = /\b(\d{6})\b/.exec(sent.text)![1];
    const verified = await verify(merchant.key, { otp_id: otpId, otp: code });
    expect(verified.body.data?.verified).toBe(true);
  }
  const chosen = await routeOf(otpId);
  expect(chosen.route).toBe(aggregator.route);
  return chosen;
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

beforeAll(async () => {
  // No background refresh during the test: the figures change only when it refreshes them.
  restore.push(overrideEnv({ ROUTING_REFRESH_SECONDS: "300" }));
  restore.push(useRoutingRandom(seededRandom(26)));
  forgetRouteFigures();
  merchant = await newMerchant({ rateLimit: 100_000 });
  aggregators = [await startAggregator("agg-a"), await startAggregator("agg-b")];
  for (const a of aggregators) {
    await addRoute({ name: a.route, channel: "sms", adapter: "http_sms", config: { api_base_url: a.sim.baseUrl, api_key: `key-${a.route}`, webhook_secret: `secret-${a.route}-0123456789` } });
  }
  forgetRoutes();
});

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
    { timeout: 600_000 },
    async () => {
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

  it("otpctl route stats prints both routes' figures over the window", { timeout: CLI_TEST_TIMEOUT_MS }, async () => {
    const stats = await otpctlJson(["route", "stats"]);
    expect(stats).toMatchObject({ window_seconds: 600, maturity_seconds: 120, exploration_percent: 5 });
    const routes = (stats.routes as { channel: string; route: string; sent: number }[]).filter((r) => r.channel === "sms").map((r) => r.route);
    expect(routes).toEqual(["agg-a", "agg-b"]);
    const prefixes = new Set((stats.prefixes as { prefix: string }[]).map((p) => p.prefix));
    expect(prefixes).toEqual(new Set(["62811", "62812"]));
  });
});
