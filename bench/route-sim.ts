// `npm run route-sim`: routing by measured conversion (docs/routing.md) against two scripted
// incidents, with real creations through /v3/request (the route handlers, in this process)
// over two SMS routes of equal priority and weight, each an HTTP SMS aggregator simulator;
// receipts through the receipt service; users verify through /v3/verify with the code the
// aggregator received, when it reached them (85 % of users do, after a few seconds).
//
// 1. outage: route agg-a answers 503 (unreachable) for a while, then comes back;
// 2. bad prefix: agg-a accepts and reports delivered, but its messages to 62811 never reach
//    the user for a while, then it recovers; 62812 is never affected.
//
// Time runs SCALE times faster than in production (the routing window, maturity and
// refresh are the production defaults divided by SCALE; the users' delays too), and the
// traffic is SCALE times denser, so each window holds as many sends as in production.
// "min" in the report is a production minute (60 / SCALE seconds here). Prints, per scenario
// and minute, each prefix's creations, the share carried by each route, failovers, refused
// creations and OTPs that failed the user (refused, or sent where it never arrived); then
// the figures query's cost at a realistic row count and the cost of choosing a route.
// Writes bench/results/route-sim-<time>.md.
//
// Knobs (env): ROUTE_SIM_DB (sandi_route_sim on BENCH_PG_ADMIN_URL or 127.0.0.1:5432),
// ROUTE_SIM_SCALE (10), ROUTE_SIM_RATE (creations per production second per prefix, 0.5),
// ROUTE_SIM_ROWS (sends in the window for the query cost, 150000), ROUTE_SIM_SEED (26).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client as PgClient } from "pg";
import { adminQuery, recreateDatabase } from "./lib/database";
import { insertSyntheticSends } from "../tests/harness/synthetic-sends";
import { startVendorSimulator } from "../tests/simulators/http-vendor-simulator";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DB = process.env.ROUTE_SIM_DB ?? "sandi_route_sim";
const SCALE = num("ROUTE_SIM_SCALE", 10);
const RATE = num("ROUTE_SIM_RATE", 0.5);
const ROWS = num("ROUTE_SIM_ROWS", 150_000);
const SEED = num("ROUTE_SIM_SEED", 26);
const VERIFYING_USERS = 0.85;
const MINUTE_MS = 60_000 / SCALE;
const PREFIXES = ["62811", "62812"] as const;
const ROUTES = ["agg-a", "agg-b"] as const;

type Scenario = {
  name: string;
  minutes: number;
  /** Production minutes [from, to) during which agg-a fails as scripted. */
  incident: [number, number];
  kind: "outage" | "bad_prefix";
};
const SCENARIOS: Scenario[] = [
  { name: "outage: agg-a unreachable (503) in minutes 3–8", minutes: 20, incident: [3, 8], kind: "outage" },
  { name: "bad prefix: agg-a says delivered but 62811 never receives, minutes 3–10", minutes: 24, incident: [3, 10], kind: "bad_prefix" },
];

type Minute = { creations: number; refused: number; failedUser: number; verified: number; failovers: number; carried: Record<string, number>; reasons: Record<string, number> };
const emptyMinute = (): Minute => ({ creations: 0, refused: 0, failedUser: 0, verified: 0, failovers: 0, carried: {}, reasons: {} });

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

async function main() {
  const url = await recreateDatabase(DB);
  Object.assign(process.env, {
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(24).toString("base64"),
    PAYMENT_LINK_SECRET: randomBytes(24).toString("base64"),
    OTP_PEPPER: randomBytes(24).toString("base64"),
    BASE_URL: "http://127.0.0.1:3999",
    FRAUD_GUARD_DEFAULT: "off",
    LOG_REQUESTS: "0",
    API_LOG: "0",
    ROUTING_WINDOW_SECONDS: String(Math.max(60, 600 / SCALE)),
    ROUTING_MATURITY_SECONDS: String(Math.max(5, 120 / SCALE)),
    ROUTING_REFRESH_SECONDS: String(Math.max(1, Math.round(15 / SCALE))),
  });
  const { setLogStream } = await import("@/server/log");
  setLogStream("stderr");
  const { POST: requestRoute } = await import("@/app/v3/request/route");
  const { POST: verifyRoute } = await import("@/app/v3/verify/route");
  const { PEER_ADDRESS_HEADER } = await import("@/server/http/client-ip");
  const { createMerchant } = await import("@/server/services/merchants/merchants");
  const { addRoute } = await import("@/server/services/routing/route-store");
  const { forgetRoutes } = await import("@/server/services/routing/route-cache");
  const { forgetRouteFigures } = await import("@/server/services/routing/figures-snapshot");
  const { useRoutingRandom } = await import("@/server/services/routing/choose-route");
  const { seededRandom } = await import("@/server/lib/random");
  const { applyDeliveryReceipt } = await import("@/server/services/delivery/receipts");
  const { getDb, disconnectDb } = await import("@/server/db/client");
  globalThis.__sandiPeerFront = true;
  const random = seededRandom(SEED);
  useRoutingRandom(seededRandom(SEED + 1));

  const call = async (handler: (req: Request) => Promise<Response>, pathName: string, key: string, body: unknown) => {
    const res = await handler(
      new Request(`http://localhost:3000${pathName}`, {
        method: "POST",
        headers: { [PEER_ADDRESS_HEADER]: "127.0.0.1", authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> | null; error: { code: string } | null } };
  };

  // The aggregators: the scenario's script decides what each does with a message.
  const state = { outage: false, badPrefix: false };
  const sent = new Map<string, { route: string; messageId: string; text: string }>();
  const aggregators = await Promise.all(
    ROUTES.map((route) =>
      startVendorSimulator((req, n) => {
        if (route === "agg-a" && state.outage) return { status: 503, json: { status: "error", message: "maintenance" } };
        const body = JSON.parse(req.body) as { reference: string; text: string };
        const messageId = `${route}-${n}`;
        sent.set(body.reference, { route, messageId, text: body.text });
        return { status: 200, json: { status: "accepted", message_id: messageId } };
      }),
    ),
  );
  for (const [i, route] of ROUTES.entries()) {
    await addRoute({ name: route, channel: "sms", adapter: "http_sms", config: { api_base_url: aggregators[i].baseUrl, api_key: `key-${route}`, webhook_secret: `secret-${route}-0123456789` } });
  }
  forgetRoutes();

  const reports: string[] = [];
  let numbers = 0;
  for (const scenario of SCENARIOS) {
    const merchant = await createMerchant({ name: `Route sim ${scenario.kind}`, email: `${scenario.kind}@route-sim.test`, brandName: "TokoKu", saldo: 1_000_000_000, rateLimit: 100_000 });
    // Each scenario starts from no figures: its sends only.
    await (await getDb()).$executeRawUnsafe("DELETE FROM otp_deliveries");
    await (await getDb()).$executeRawUnsafe("DELETE FROM route_figures_shared");
    forgetRouteFigures();
    const minutes: Record<string, Minute[]> = Object.fromEntries(PREFIXES.map((p) => [p, Array.from({ length: scenario.minutes }, emptyMinute)]));
    const pending: Promise<void>[] = [];
    const started = Date.now();
    const every = 1000 / (RATE * SCALE);
    const one = async (prefix: string, minute: number) => {
      numbers += 1;
      const m = minutes[prefix][minute];
      m.creations += 1;
      const destination = `${prefix}${String(numbers).padStart(7, "0")}`;
      const res = await call(requestRoute, "/v3/request", merchant.api_key, { channel: "sms", destination });
      if (res.status !== 200) {
        m.refused += 1;
        m.failedUser += 1;
        return;
      }
      const otpId = res.body.data!.otp_id as string;
      const message = sent.get(otpId)!;
      sent.delete(otpId);
      m.carried[message.route] = (m.carried[message.route] ?? 0) + 1;
      const [row] = await (await getDb()).$queryRaw<{ route_reason: string; failovers: number }[]>`
        SELECT (array_agg(d.route_reason ORDER BY d.seq))[1] AS route_reason, (count(*) - 1)::int AS failovers
        FROM otp_deliveries d JOIN otp_transactions o ON o.id = d.otp_transaction_id WHERE o.otp_id = ${otpId}`;
      m.reasons[row.route_reason] = (m.reasons[row.route_reason] ?? 0) + 1;
      m.failovers += row.failovers;
      await applyDeliveryReceipt({ provider: "http_sms", providerMessageId: message.messageId, otpId, outcome: "success" });
      if (message.route === "agg-a" && prefix === "62811" && state.badPrefix) {
        m.failedUser += 1;
        return;
      }
      if (random() >= VERIFYING_USERS) return;
      await sleep((5_000 + random() * 35_000) / SCALE);
      const code = /\b(\d{6})\b/.exec(message.text)![1];
      const verified = await call(verifyRoute, "/v3/verify", merchant.api_key, { otp_id: otpId, otp: code });
      if (verified.body.data?.verified) m.verified += 1;
    };
    for (let tick = 0; ; tick++) {
      const at = started + tick * every;
      if (at > Date.now()) await sleep(at - Date.now());
      const minute = Math.floor((Date.now() - started) / MINUTE_MS);
      if (minute >= scenario.minutes) break;
      const inIncident = minute >= scenario.incident[0] && minute < scenario.incident[1];
      state.outage = scenario.kind === "outage" && inIncident;
      state.badPrefix = scenario.kind === "bad_prefix" && inIncident;
      for (const prefix of PREFIXES) pending.push(one(prefix, minute).catch((err: unknown) => void console.error(`creation failed: ${(err as Error).message}`)));
    }
    state.outage = false;
    state.badPrefix = false;
    await Promise.all(pending);
    reports.push(report(scenario, minutes));
    console.log(reports.at(-1));
  }

  const choosing = await choosingCost();
  console.log(choosing);
  const cost = await figuresCost(url);
  console.log(cost);

  const header = [
    `# route-sim ${new Date().toISOString()}`,
    "",
    `Two SMS routes of equal priority and weight (agg-a, agg-b; HTTP SMS aggregator simulators), ${RATE} creations per second per prefix (62811, 62812),`,
    `${Math.round(VERIFYING_USERS * 100)} % of users verify after 5–40 s when the message reaches them. Time ×${SCALE}: routing window ${process.env.ROUTING_WINDOW_SECONDS} s,`,
    `maturity ${process.env.ROUTING_MATURITY_SECONDS} s, refresh ${process.env.ROUTING_REFRESH_SECONDS} s, exploration 5 % (production: 600 s, 120 s, 15 s, 5 %); a "min" is a production minute.`,
    `Machine: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, seed ${SEED}.`,
    "",
  ];
  const file = path.join("bench", "results", `route-sim-${new Date().toISOString().replace(/[:.]/g, "-")}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [...header, ...reports, choosing, cost].join("\n"));
  console.log(`written to ${file}`);
  await Promise.all(aggregators.map((a) => a.close()));
  await disconnectDb();
  await adminQuery(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}

const pct = (a: number, b: number) => (b === 0 ? "–" : `${Math.round((100 * a) / b)} %`);

function report(scenario: Scenario, minutes: Record<string, Minute[]>): string {
  const lines = [`## ${scenario.name}`, ""];
  lines.push("| min | " + PREFIXES.map((p) => `${p}: created | agg-a | agg-b | failovers | refused | failed the user | first choice by reason`).join(" | ") + " |");
  lines.push("|---|" + PREFIXES.map(() => "---|---|---|---|---|---|---").join("|") + "|");
  for (let i = 0; i < scenario.minutes; i++) {
    const incident = i >= scenario.incident[0] && i < scenario.incident[1] ? " ⚠" : "";
    const cells = PREFIXES.map((p) => {
      const m = minutes[p][i];
      const carried = m.creations - m.refused;
      const reasons = Object.entries(m.reasons).sort().map(([r, n]) => `${r} ${n}`).join(", ");
      return `${m.creations} | ${pct(m.carried["agg-a"] ?? 0, carried)} | ${pct(m.carried["agg-b"] ?? 0, carried)} | ${m.failovers} | ${m.refused} | ${m.failedUser} | ${reasons}`;
    });
    lines.push(`| ${i}${incident} | ${cells.join(" | ")} |`);
  }
  const all = PREFIXES.flatMap((p) => minutes[p]);
  const total = (f: (m: Minute) => number) => all.reduce((s, m) => s + f(m), 0);
  lines.push("", `Creations ${total((m) => m.creations)}, refused ${total((m) => m.refused)}, failed the user ${total((m) => m.failedUser)}, failovers ${total((m) => m.failovers)}.`);
  if (scenario.kind === "bad_prefix") {
    const bad = minutes["62811"];
    const [from, to] = scenario.incident;
    const detected = bad.findIndex((m, i) => i >= from && (m.carried["agg-a"] ?? 0) / Math.max(1, m.creations - m.refused) <= 0.1);
    if (detected < 0) lines.push("62811: agg-a was never detected as bad.");
    else {
      const after = bad.slice(detected, to);
      const onB = after.reduce((s, m) => s + (m.carried["agg-b"] ?? 0), 0);
      const carried = after.reduce((s, m) => s + m.creations - m.refused, 0);
      const back = bad.findIndex((m, i) => i >= to && (m.carried["agg-a"] ?? 0) / Math.max(1, m.creations - m.refused) > 0.3);
      lines.push(
        `62811: agg-a detected in minute ${detected} (${detected - from} min after the incident began); from then until it recovered, ${pct(onB, carried)} of 62811 went to agg-b.`,
        back < 0 ? "62811: agg-a's share did not come back above 30 % within the run." : `62811: agg-a's share back above 30 % in minute ${back} (${back - to} min after it recovered).`,
      );
      const steady = minutes["62812"].slice(from, to);
      const aShare = steady.reduce((s, m) => s + (m.carried["agg-a"] ?? 0), 0) / Math.max(1, steady.reduce((s, m) => s + m.creations - m.refused, 0));
      lines.push(`62812 during the incident: agg-a ${Math.round(aShare * 100)} %, agg-b ${Math.round((1 - aShare) * 100)} % (weights 100/100).`);
    }
  }
  lines.push("");
  return lines.join("\n");
}

/** EXPLAIN ANALYZE of the figures statement over ROWS sends in the window (synthetic rows, the shape creations write). */
async function figuresCost(url: string): Promise<string> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await insertSyntheticSends((sql, params) => client.query(sql, params), ROWS);
    await client.query("ANALYZE otp_transactions; ANALYZE otp_deliveries");
    // The production window and maturity, whatever this run's scale.
    const [windowMs, maturityMs] = [600_000, 120_000];
    const statement = (await import("@/server/services/routing/route-figures-query")).figuresStatement.text;
    const timings: number[] = [];
    let plan = "";
    for (let i = 0; i < 5; i++) {
      const rows = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, [new Date(), windowMs / 1000, maturityMs / 1000])).rows as { "QUERY PLAN": string }[];
      const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
      timings.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN));
      plan = text;
    }
    timings.sort((a, b) => a - b);
    return [
      "## The figures query",
      "",
      `${ROWS.toLocaleString("en")} sends in the 10-minute window (≈ ${Math.round(ROWS / 600)} OTP/s), 40 prefixes, 2 routes. Execution time over 5 runs: median ${timings[2]} ms, min ${timings[0]} ms, max ${timings[4]} ms.`,
      "One run per refresh interval (15 s) for the whole fleet, in the background, by the instance holding the lease.",
      "",
      ...(await sharedFiguresCost(windowMs, maturityMs, client)),
      "",
      "```",
      plan,
      "```",
      "",
    ].join("\n");
  } finally {
    await client.end();
  }
}

/**
 * The fleet's path over the same sends: the instance holding the lease claims it, runs the
 * aggregate and stores the result (timed once); every other instance reads the stored row
 * (timed 50 times: the round trip to PostgreSQL and the parsing of the figures' JSON).
 */
async function sharedFiguresCost(windowMs: number, maturityMs: number, client: PgClient): Promise<string[]> {
  const { claimComputing, readSharedFigures, storeSharedFigures } = await import("@/server/services/routing/shared-figures");
  const { loadRouteFigures } = await import("@/server/services/routing/route-figures-query");
  const settings = { windowMs, maturityMs, refreshMs: 15_000, exploration: 0.05 };
  await client.query("DELETE FROM route_figures_shared");
  const started = performance.now();
  if (!(await claimComputing("route-sim", settings))) throw new Error("route-sim could not claim the shared figures' lease");
  const asOf = new Date();
  const computing = performance.now();
  const rows = await loadRouteFigures(asOf, windowMs, maturityMs);
  const storing = performance.now();
  if (!(await storeSharedFigures("route-sim", asOf, settings, rows))) throw new Error("route-sim lost the shared figures' lease");
  const stored = performance.now();
  const reads: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    const shared = await readSharedFigures(settings);
    reads.push(performance.now() - t);
    if (!shared?.fresh || shared.rows.length !== rows.length) throw new Error("route-sim read back other figures than it stored");
  }
  reads.sort((a, b) => a - b);
  const { rows: [size] } = await client.query<{ bytes: number }>("SELECT pg_column_size(rows) AS bytes FROM route_figures_shared");
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return [
    `Shared by the fleet: claiming the lease ${ms(computing - started)}, the aggregate ${ms(storing - computing)}, storing ${rows.length} figure rows ${ms(stored - storing)}`,
    `(${JSON.stringify(rows).length.toLocaleString("en")} bytes of JSON, ${size.bytes.toLocaleString("en")} stored); reading them back, as every other instance does once per interval,`,
    `median ${ms(reads[25])}, max ${ms(reads[49])} over 50 reads (round trip and JSON parsing).`,
  ];
}

/** What choosing costs a creation: rankRoutes with one route, and with two routes and the prefix's figures. */
async function choosingCost(): Promise<string> {
  const { measuredContext, rankRoutes } = await import("@/server/services/routing/choose-route");
  const one = [{ name: "only", priority: 100, weight: 100 }];
  const two = [{ name: "agg-a", priority: 100, weight: 100 }, { name: "agg-b", priority: 100, weight: 100 }];
  const figures = new Map([["agg-a", { settled: 300, verified: 12 }], ["agg-b", { settled: 300, verified: 260 }]]);
  const time = (f: () => void) => {
    const n = 1_000_000;
    for (let i = 0; i < 10_000; i++) f();
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    return Number(process.hrtime.bigint() - t) / n;
  };
  const single = time(() => rankRoutes(one, { channel: "sms", prefix: "62811", measured: measuredContext(one, "sms", "62811") }));
  const weighted = time(() => rankRoutes(two, { channel: "sms", prefix: "62811" }));
  const measured = time(() => rankRoutes(two, { channel: "sms", prefix: "62811", measured: { figures, exploration: 0.05 } }));
  const lookup = time(() => measuredContext(two, "sms", "62811"));
  return [
    "## Choosing a route, per creation (in-process, no I/O)",
    "",
    "| case | ns per creation |",
    "|---|---|",
    `| one route (measuredContext returns nothing, no snapshot read) | ${single.toFixed(0)} |`,
    `| two routes by weight, no figures | ${weighted.toFixed(0)} |`,
    `| two routes with the prefix's figures (verdict + draw) | ${measured.toFixed(0)} |`,
    `| the snapshot lookup (measuredContext) for two routes | ${lookup.toFixed(0)} |`,
    "",
  ].join("\n");
}

declare global {
  var __sandiPeerFront: boolean | undefined;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
