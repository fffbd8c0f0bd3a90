// `npm run fraud-sim`: the fraud guard against the traffic, on the sandbox,
// through HTTP to the production server (src/server/front/serve.mjs, as `npm start` runs it)
// with its own database and Redis keys, in two phases with a server restart between:
//
// 1. a fresh installation (no history anywhere: the prior alone): four merchants at
//    once, each with ordinary traffic; at standard and max, the pump (300
//    creations under one prefix in about 90 s, no signals, none verified) or a real
//    surge (sign-ups doubled for 90 s over the usual mix, verifying like everyone);
// 2. a week of history written for two merchants, two new ones judged against the
//    platform's, each with ordinary traffic and both attacks (prefix pump, signal spray).
//
// Prints, per merchant and attack, the messages charged before containment, the share
// of the rest blocked and the share of ordinary requests blocked; `--json` prints them
// as one document instead. FRAUD_SIM_PHASES=fresh or =history runs one phase.
//
// Knobs (env): FRAUD_SIM_PORT (3410), FRAUD_SIM_DB (sandi_fraud_sim), FRAUD_SIM_REDIS_URL
// (redis://127.0.0.1:6379/13: its fraud keys are deleted first), FRAUD_SIM_RATE (ordinary
// creations per second per merchant, 3), FRAUD_SIM_WARMUP_S (60), FRAUD_SIM_ATTACK_S (300),
// FRAUD_SIM_ATTACK_N (300 per attack), FRAUD_SIM_FRESH_S (attack and surge length in the
// fresh phase, 90), BENCH_BUILD (auto), NEXT_DIST_DIR (.next).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
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
const FRESH_S = num("FRAUD_SIM_FRESH_S", 90);
const PHASES = (process.env.FRAUD_SIM_PHASES ?? "fresh,history").split(",");

type Attack = "pump and spray" | "fresh pump" | "real surge";
type Scenario = { name: string; level: "standard" | "max"; history: boolean; attack: Attack };
const FRESH: Scenario[] = [
  { name: "fresh installation, standard", level: "standard", history: false, attack: "fresh pump" },
  { name: "fresh installation, max", level: "max", history: false, attack: "fresh pump" },
  { name: "fresh installation, standard", level: "standard", history: false, attack: "real surge" },
  { name: "fresh installation, max", level: "max", history: false, attack: "real surge" },
];
const WITH_HISTORY: Scenario[] = [
  { name: "week of history, standard", level: "standard", history: true, attack: "pump and spray" },
  { name: "week of history, max", level: "max", history: true, attack: "pump and spray" },
  { name: "new merchant, standard", level: "standard", history: false, attack: "pump and spray" },
  { name: "new merchant, max", level: "max", history: false, attack: "pump and spray" },
];
const SCENARIOS = [...FRESH, ...WITH_HISTORY];

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

/** `attacks` by name: "prefix pump", "signal spray", "real surge" (that one counts as ordinary users too). */
type Result = { scenario: string; ordinary: Tally; attacks: Record<string, Tally> };
/** Per phase: how often the server lost Redis (250 ms) and detected on its own memory for a while, which lets attacks further. */
const fallbacks: Record<string, number> = {};

async function runScenario(c: Client, s: Scenario): Promise<Result> {
  const ordinary = newTally();
  const pending: Promise<void>[] = [];
  const started = Date.now();
  const attackS = s.attack === "pump and spray" ? ATTACK_S : FRESH_S;
  const attackStart = started + WARMUP_S * 1000;
  const attackEnd = attackStart + attackS * 1000;
  const every = (attackS * 1000) / ATTACK_N;
  const ordinaryRun = steady(1000 / RATE, attackEnd + 30_000, () => ordinaryUser(c, ordinary, VERIFY_RATE, pending));
  await new Promise((r) => setTimeout(r, attackStart - Date.now()));
  const attacks: Record<string, Tally> = {};
  const runs: Promise<void>[] = [ordinaryRun];
  if (s.attack === "pump and spray") {
    const ip = randomIp();
    attacks["prefix pump"] = newTally();
    attacks["signal spray"] = newTally();
    runs.push(steady(every, attackEnd, () => prefixPump(c, attacks["prefix pump"])), steady(every, attackEnd, () => signalSpray(c, attacks["signal spray"], ip)));
  } else if (s.attack === "fresh pump") {
    attacks["prefix pump, no signals"] = newTally();
    runs.push(steady(every, attackEnd, () => prefixPump(c, attacks["prefix pump, no signals"], false)));
  } else {
    attacks["real surge"] = newTally();
    runs.push(steady(every, attackEnd, () => ordinaryUser(c, attacks["real surge"], VERIFY_RATE, pending)));
  }
  await Promise.all(runs);
  await Promise.all(pending);
  return { scenario: s.name, ordinary, attacks };
}

const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(2)} %`);

function report(results: Result[]): string {
  const lines = [
    "| merchant | attack | requests | charged before containment | charged after | blocked of the rest | ordinary requests | ordinary blocked | ordinary verified |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    for (const [name, t] of Object.entries(r.attacks)) {
      if (name === "real surge") {
        // Users, not an attack: what counts is how many of them were blocked (false positives).
        lines.push(`| ${r.scenario} | real surge (users) | ${t.sent} | – | – | ${t.blocked} blocked (${pct(t.blocked, t.sent)}) | ${r.ordinary.sent} | ${r.ordinary.blocked} (${pct(r.ordinary.blocked, r.ordinary.sent)}) | ${pct(r.ordinary.verified, r.ordinary.charged)} |`);
        continue;
      }
      const rest = t.sent - t.chargedBeforeBlock;
      lines.push(`| ${r.scenario} | ${name} | ${t.sent} | ${t.chargedBeforeBlock} | ${t.chargedAfterBlock} | ${pct(t.blocked, rest)} | ${r.ordinary.sent} | ${r.ordinary.blocked} (${pct(r.ordinary.blocked, r.ordinary.sent)}) | ${pct(r.ordinary.verified, r.ordinary.charged)} |`);
    }
  }
  for (const r of results) {
    const blockedBy = { ...r.ordinary.blockedBy };
    for (const [k, n] of Object.entries(r.attacks["real surge"]?.blockedBy ?? {})) blockedBy[k] = (blockedBy[k] ?? 0) + n;
    const why = Object.entries(blockedBy).map(([k, n]) => `${k}: ${n}`).join(", ");
    if (why) lines.push("", `Users blocked for ${r.scenario}${r.attacks["real surge"] ? " (real surge)" : ""}: ${why}`);
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
    DATA_DIR: ".data-fraud-sim",
    ...freshSecrets(),
  };
  const keys = prepare(env);
  const ids = await adminQuery<{ id: number }>("SELECT id FROM merchants WHERE live_merchant_id IS NULL ORDER BY id", [], url);
  for (const [i, s] of SCENARIOS.entries()) await adminQuery("UPDATE merchants SET fraud_guard = $2::\"FraudGuardLevel\" WHERE id = $1", [ids[i].id, s.level], url);
  const tmp = path.join("bench", "tmp");
  mkdirSync(tmp, { recursive: true });
  const results: Result[] = [];
  // Each phase on a server of its own: the second must not find the first's (empty) baselines cached.
  const phase = async (scenarios: Scenario[], offset: number, seconds: number) => {
    await clearFraudKeys();
    const name = scenarios[0].name.split(",")[0];
    const logFile = path.join(tmp, `fraud-sim-server-${name.replaceAll(" ", "-")}.log`);
    const app = await startApp({ port: await freePort(num("FRAUD_SIM_PORT", 3410)), env, logFile });
    try {
      await waitReady(app.baseUrl, keys[offset]);
      log(`${name} phase: ordinary traffic ${RATE}/s per merchant; attacks of ${ATTACK_N} in ${seconds} s start after ${WARMUP_S} s (about ${Math.ceil((WARMUP_S + seconds + 70) / 60)} minutes)`);
      results.push(...(await Promise.all(scenarios.map((s, i) => runScenario({ baseUrl: app.baseUrl, key: keys[offset + i] }, s)))));
    } finally {
      await app.stop();
      fallbacks[name] = (readFileSync(logFile, "utf8").match(/fraud guard store unavailable/g) ?? []).length;
    }
  };
  if (PHASES.includes("fresh")) await phase(FRESH, 0, FRESH_S);
  if (PHASES.includes("history")) {
    for (const [i, s] of WITH_HISTORY.entries()) {
      if (s.history) await seedHistory(url, { merchantId: ids[FRESH.length + i].id, count: HISTORY_ROWS, prefixes: ORDINARY_PREFIXES, verifiedRate: VERIFY_RATE, days: 7 });
    }
    log(`seeded ${HISTORY_ROWS} history rows for each merchant with history`);
    await phase(WITH_HISTORY, FRESH.length, ATTACK_S);
  }
  if (json) process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), rate: RATE, warmupSeconds: WARMUP_S, attackSeconds: ATTACK_S, freshAttackSeconds: FRESH_S, attackRequests: ATTACK_N, results, fallbacks })}\n`);
  else log(`${report(results)}\n\nRedis fallbacks per phase (detection per instance for a while): ${JSON.stringify(fallbacks)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
