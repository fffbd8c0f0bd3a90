// `npm run fraud-sim`: the fraud guard against the traffic, on the sandbox,
// through HTTP to the production server (src/server/front/serve.mjs, as `npm start` runs it)
// with its own database and Redis keys. Four merchants run at once, each with its own
// ordinary traffic and both attacks: a week of history or none (judged against the
// platform's), at fraud_guard standard and max. Prints, per merchant and attack, the
// messages charged before containment, the share of the rest blocked and the share of
// ordinary requests blocked; `--json` prints them as one document instead.
//
// Knobs (env): FRAUD_SIM_PORT (3410), FRAUD_SIM_DB (sandi_fraud_sim), FRAUD_SIM_REDIS_URL
// (redis://127.0.0.1:6379/13: its fraud keys are deleted first), FRAUD_SIM_RATE (ordinary
// creations per second per merchant, 3), FRAUD_SIM_WARMUP_S (60), FRAUD_SIM_ATTACK_S (300),
// FRAUD_SIM_ATTACK_N (300 per attack), BENCH_BUILD (auto), NEXT_DIST_DIR (.next).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Redis from "ioredis";
import { adminQuery, recreateDatabase } from "../lib/database";
import { buildApp, freePort, freshSecrets, startApp, waitReady } from "../lib/server";
import { seedHistory } from "./history";
import { newTally, ordinaryUser, ORDINARY_PREFIXES, prefixPump, randomIp, signalSpray, steady, type Client, type Tally } from "./traffic";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DB = process.env.FRAUD_SIM_DB ?? "sandi_fraud_sim";
const REDIS_URL = process.env.FRAUD_SIM_REDIS_URL ?? "redis://127.0.0.1:6379/13";
const RATE = num("FRAUD_SIM_RATE", 3);
const WARMUP_S = num("FRAUD_SIM_WARMUP_S", 60);
const ATTACK_S = num("FRAUD_SIM_ATTACK_S", 300);
const ATTACK_N = num("FRAUD_SIM_ATTACK_N", 300);
const VERIFY_RATE = 0.8;
const HISTORY_ROWS = num("FRAUD_SIM_HISTORY_ROWS", 60_000);

type Scenario = { name: string; level: "standard" | "max"; history: boolean };
const SCENARIOS: Scenario[] = [
  { name: "week of history, standard", level: "standard", history: true },
  { name: "week of history, max", level: "max", history: true },
  { name: "new merchant, standard", level: "standard", history: false },
  { name: "new merchant, max", level: "max", history: false },
];

async function clearFraudKeys(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", "sandi:fg:*", "COUNT", 1000);
    if (found.length) await redis.del(...found);
    cursor = next;
  } while (cursor !== "0");
  redis.disconnect();
}

function prepare(env: Record<string, string>): string[] {
  const out = execFileSync(path.join("node_modules", ".bin", "tsx"), [path.join("bench", "lib", "prepare-database.ts"), String(SCENARIOS.length)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = out.split("\n").find((l) => l.startsWith("BENCH_PREPARED "));
  if (!line) throw new Error(`prepare-database printed no result:\n${out}`);
  return (JSON.parse(line.slice("BENCH_PREPARED ".length)) as { keys: string[] }).keys;
}

type Result = { scenario: string; ordinary: Tally; prefixPump: Tally; signalSpray: Tally };

async function runScenario(c: Client, s: Scenario): Promise<Result> {
  const ordinary = newTally();
  const pump = newTally();
  const spray = newTally();
  const pending: Promise<void>[] = [];
  const started = Date.now();
  const attackStart = started + WARMUP_S * 1000;
  const attackEnd = attackStart + ATTACK_S * 1000;
  const ordinaryRun = steady(1000 / RATE, attackEnd + 30_000, () => ordinaryUser(c, ordinary, VERIFY_RATE, pending));
  await new Promise((r) => setTimeout(r, attackStart - Date.now()));
  const ip = randomIp();
  await Promise.all([
    ordinaryRun,
    steady((ATTACK_S * 1000) / ATTACK_N, attackEnd, () => prefixPump(c, pump)),
    steady((ATTACK_S * 1000) / ATTACK_N, attackEnd, () => signalSpray(c, spray, ip)),
  ]);
  await Promise.all(pending);
  return { scenario: s.name, ordinary, prefixPump: pump, signalSpray: spray };
}

const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(2)} %`);

function report(results: Result[]): string {
  const lines = [
    "| merchant | attack | requests | charged before containment | charged after | blocked of the rest | ordinary requests | ordinary blocked | ordinary verified |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    for (const [name, t] of [["prefix pump", r.prefixPump], ["signal spray", r.signalSpray]] as const) {
      const rest = t.sent - t.chargedBeforeBlock;
      lines.push(`| ${r.scenario} | ${name} | ${t.sent} | ${t.chargedBeforeBlock} | ${t.chargedAfterBlock} | ${pct(t.blocked, rest)} | ${r.ordinary.sent} | ${r.ordinary.blocked} (${pct(r.ordinary.blocked, r.ordinary.sent)}) | ${pct(r.ordinary.verified, r.ordinary.charged)} |`);
    }
  }
  for (const r of results) {
    const why = Object.entries(r.ordinary.blockedBy).map(([k, n]) => `${k}: ${n}`).join(", ");
    if (why) lines.push("", `Ordinary requests blocked for ${r.scenario}: ${why}`);
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const json = process.argv.includes("--json");
  const log = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const buildSeconds = buildApp();
  if (buildSeconds) log(`built the app in ${buildSeconds.toFixed(0)} s`);
  const url = await recreateDatabase(DB, false);
  await clearFraudKeys();
  const env: Record<string, string> = {
    DATABASE_URL: url,
    REDIS_URL,
    LOG_REQUESTS: "0",
    RUN_WORKER_IN_APP: "0",
    DATA_DIR: ".data-fraud-sim",
    ...freshSecrets(),
  };
  const keys = prepare(env);
  const ids = await adminQuery<{ id: number }>("SELECT id FROM merchants ORDER BY id", [], url);
  for (const [i, s] of SCENARIOS.entries()) {
    await adminQuery("UPDATE merchants SET fraud_guard = $2::\"FraudGuardLevel\" WHERE id = $1", [ids[i].id, s.level], url);
    if (s.history) await seedHistory(url, { merchantId: ids[i].id, count: HISTORY_ROWS, prefixes: ORDINARY_PREFIXES, verifiedRate: VERIFY_RATE, days: 7 });
  }
  log(`seeded ${HISTORY_ROWS} history rows for each merchant with history; starting the server`);
  const tmp = path.join("bench", "tmp");
  mkdirSync(tmp, { recursive: true });
  const app = await startApp({ port: await freePort(num("FRAUD_SIM_PORT", 3410)), env, logFile: path.join(tmp, "fraud-sim-server.log") });
  try {
    await waitReady(app.baseUrl, keys[0]);
    log(`ordinary traffic ${RATE}/s per merchant; attacks of ${ATTACK_N} in ${ATTACK_S} s start after ${WARMUP_S} s (about ${Math.ceil((WARMUP_S + ATTACK_S + 70) / 60)} minutes)`);
    const results = await Promise.all(SCENARIOS.map((s, i) => runScenario({ baseUrl: app.baseUrl, key: keys[i] }, s)));
    if (json) process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), rate: RATE, warmupSeconds: WARMUP_S, attackSeconds: ATTACK_S, attackRequests: ATTACK_N, results })}\n`);
    else log(report(results));
  } finally {
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
