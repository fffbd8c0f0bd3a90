// `npx tsx bench/io-floor.ts`: what a request costs the app beyond the I/O it makes. One
// production build as `npm start` ships it (bench's own PostgreSQL cluster, Redis), filled
// with IO_FLOOR_WARM creations (and, when verifications are measured, creations for a
// supply of delivered codes); then each endpoint at saturation, IO_FLOOR_PAIRS times in turn
// against the app and its I/O floor (bench/lib/io-floor-server.mjs: node:http making the
// same Redis and PostgreSQL round trips, the same read statement, and nothing else), with
// the bare node:http reference (a constant 404, bench/lib/floor-server.mjs, the one the
// bench's cpu_* ratios divide by) once a pair. Prints CPU per request of each server's
// process tree and the ratios; asserts nothing. Knobs: IO_FLOOR_ENDPOINTS (otp,verify,request),
// IO_FLOOR_WARM (4000), IO_FLOOR_PAIRS (3), IO_FLOOR_SECONDS (10), REDIS_URL
// (redis://127.0.0.1:6379/6), IO_FLOOR_VERIFY_SUPPLY (1.5: seconds of creations per second of
// a run), IO_FLOOR_API_ONLY (0; 1: also the app with SERVER_ROLE=api, without Next.js),
// IO_FLOOR_PAGES (0; 1: also a second app that has served a health check and pages),
// BENCH_BUILD (auto); LOG_REQUESTS, RUN_WORKER_IN_APP, API_LOG and METRICS_HOT_PATH, when set,
// go to the app (unset: as shipped).
// IO_FLOOR_MEASURE=instructions counts instructions instead of CPU time: every server runs under
// valgrind's callgrind (bench/lib/callgrind.ts), each run sends IO_FLOOR_REQUESTS (2000) requests
// and waits for their answers, after IO_FLOOR_WARM_RUNS (6) uncounted runs of each server and
// endpoint (V8 compiles the hot code while they run). The floor's and the reference's runs repeat
// within about 2 % where CPU time spreads by half; the app's still spread (a run holds one of V8's
// full collections or not). User-space only: the kernel's share of each system call is not in it.
// The report is kept as bench/results/io-floor-<time>.md, with every run's figures in a .json beside it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { DELIVERIES_COLUMN, OTP_RECORD_COLUMNS } from "@/server/services/otp/otp-record-columns";
import { adminQuery, recreateDatabase } from "./lib/database";
import { deliveredCodes, merchantsOfKeys, type VerifyItem } from "./lib/delivered-codes";
import { runLoad, TMP_DIR } from "./lib/load-client";
import { startOwnPostgres } from "./lib/own-postgres";
import type { Endpoint, PhaseResult } from "./lib/plan";
import { preparedKeys } from "./lib/prepared-keys";
import { median } from "./lib/repeats";
import { callgrindCommand } from "./lib/callgrind";
import { keepResults, sourceTree } from "./lib/kept-results";
import { buildApp, freePort, freshSecrets, SHIPPED_SWITCHES, startApp, startReferenceServer, waitReady, type AppServer } from "./lib/server";
import { warmUp } from "./lib/warm-up";
import { runMain } from "./lib/run-main";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARM = num("IO_FLOOR_WARM", 4000);
const PAIRS = num("IO_FLOOR_PAIRS", 3);
const SECONDS = num("IO_FLOOR_SECONDS", 10);
/** Seconds of creations for the verifications' first supply, per second of a run. */
const SUPPLY = num("IO_FLOOR_VERIFY_SUPPLY", 1.5);
/** Also measure the app as a SERVER_ROLE=api instance: the same build and switches, Next.js never loaded. */
const API_ONLY = process.env.IO_FLOOR_API_ONLY === "1";
/** Also measure a second app that has served a health check and pages first (Next.js then runs with more of its own AsyncLocalStorage instances enabled). */
const PAGES = process.env.IO_FLOOR_PAGES === "1";
const PAGE_PATHS = ["/healthz", "/readyz", "/", "/sign-in"];
const INSTRUCTIONS = process.env.IO_FLOOR_MEASURE === "instructions";
if (!["cpu", "instructions", undefined].includes(process.env.IO_FLOOR_MEASURE)) throw new Error("IO_FLOOR_MEASURE is cpu (the default) or instructions");
const REQUESTS = num("IO_FLOOR_REQUESTS", 2000);
const WARM_RUNS = INSTRUCTIONS ? num("IO_FLOOR_WARM_RUNS", 6) : 0;
/** Under callgrind, the command prefix for a server named `name`. */
/** IO_FLOOR_JIT_NAMES=1: the servers write perf maps, so bench/callgrind-names.ts can name their JIT code in the dumps. */
const JIT_NAMES = process.env.IO_FLOOR_JIT_NAMES === "1";
const wrap = (name: string) => (INSTRUCTIONS ? callgrindCommand(name, { jitNames: JIT_NAMES }) : undefined);
/** Under valgrind an app takes tens of seconds to start and answer. */
const READY_MS = INSTRUCTIONS ? 600_000 : 60_000;
const ENDPOINTS = (process.env.IO_FLOOR_ENDPOINTS ?? "otp,verify,request").split(",").map((e) => e.trim()) as Endpoint[];
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/6";
const CONNECTIONS = 24;
const POOL_SIZE = 10;
const DB_NAME = "sandi_io_floor";
/** The app's read statement (services/otp/get-otp.ts), word for word. */
const READ_STATEMENT = `SELECT ${OTP_RECORD_COLUMNS}, ${DELIVERIES_COLUMN}
   FROM otp_transactions o WHERE o.otp_id = $1 AND o.merchant_id = $2`;
const LABELS: Record<string, string> = { otp: "GET /v3/otp/{id}", verify: "POST /v3/verify", request: "POST /v3/request (sms)" };

/** The floor's own OTPs to verify, reused by every run (reset before each): more than a run at saturation uses. */
const FLOOR_VERIFY_OTPS = 100_000;
/**
 * The floor's own tables: its verifications read and write io_floor.otp, seeded with OTPs of
 * its own (their code's hash as the floor computes it); its creations charge io_floor.balance,
 * insert there and keep their message in io_floor.message.
 */
const FLOOR_SCHEMA = `
  DROP SCHEMA IF EXISTS io_floor CASCADE;
  CREATE SCHEMA io_floor;
  CREATE TABLE io_floor.otp (id bigserial PRIMARY KEY, otp_id text NOT NULL UNIQUE, merchant_id int NOT NULL, channel text NOT NULL,
    destination text, status text NOT NULL DEFAULT 'pending', code_hash text NOT NULL, attempts int NOT NULL DEFAULT 0,
    max_attempts int NOT NULL DEFAULT 5, price bigint NOT NULL, expires_at timestamptz NOT NULL, verified_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE io_floor.balance (merchant_id int PRIMARY KEY, saldo bigint NOT NULL);
  CREATE TABLE io_floor.message (id bigserial PRIMARY KEY, otp_row bigint NOT NULL, merchant_id int NOT NULL, destination text,
    code text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  INSERT INTO io_floor.balance SELECT id, 1000000000000 FROM merchants;
  INSERT INTO io_floor.otp (otp_id, merchant_id, channel, destination, code_hash, price, expires_at)
    SELECT 'FV' || i, (SELECT min(id) FROM merchants), 'sms', '62812' || lpad(i::text, 8, '0'),
      encode(sha256(convert_to('FV' || i || ':' || (100000 + (i * 7919) % 900000), 'UTF8')), 'hex'), 350, now() + interval '1 day'
    FROM generate_series(1, ${FLOOR_VERIFY_OTPS}) AS i;`;
const floorCodes = (): VerifyItem[] => Array.from({ length: FLOOR_VERIFY_OTPS }, (_, n) => ({ otpId: `FV${n + 1}`, code: String(100_000 + (((n + 1) * 7919) % 900_000)), key: 0 }));
const RESET_FLOOR_VERIFICATIONS = "UPDATE io_floor.otp SET status = 'pending', attempts = 0, verified_at = NULL WHERE status <> 'pending' OR attempts <> 0";

/**
 * cost: CPU µs per request, or, under IO_FLOOR_MEASURE=instructions, instructions per request
 * less those V8's compilers took (compiler: what warming up still cost in that run).
 */
type Figures = { rps: number[]; cost: number[]; compiler: number[] };

async function main(): Promise<void> {
  buildApp();
  const pg = await startOwnPostgres(await freePort(3137));
  process.env.BENCH_PG_ADMIN_URL = pg.adminUrl;
  process.env.BENCH_POSTGRES_PID = String(pg.pid);
  const servers: AppServer[] = [];
  try {
    const url = await recreateDatabase(DB_NAME, false);
    const switches = Object.fromEntries(SHIPPED_SWITCHES.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
    const appName = `app ${Object.keys(switches).length ? `with ${Object.entries(switches).map(([k, v]) => `${k}=${v}`).join(", ")}` : "as shipped"}`;
    const env = { DATABASE_URL: url, REDIS_URL, FRAUD_GUARD_DEFAULT: "off", DATA_DIR: ".data-e2e-bench", DB_POOL_SIZE: String(POOL_SIZE), ...freshSecrets(), ...switches };
    const keys = await preparedKeys({ dir: process.cwd(), script: path.join("bench", "lib", "prepare-database.ts"), merchants: 8, env });
    const app = await startApp({ port: await freePort(3138), env, logFile: path.join(TMP_DIR, "io-floor-app.log"), wrap: wrap("app") });
    servers.push(app);
    await waitReady(app.baseUrl, keys[0], READY_MS);
    const started = Date.now();
    await warmUp(app.baseUrl, keys, WARM, CONNECTIONS);
    const creationRate = WARM / ((Date.now() - started) / 1000);
    if (ENDPOINTS.includes("verify")) {
      // The floor's verifications reuse these; the app's take fresh ones each run (freshCodes below tops them up).
      const seconds = Math.ceil(SUPPLY * SECONDS);
      console.error(JSON.stringify({ msg: "creating OTPs to verify", seconds, creationRate: Math.round(creationRate) }));
      await runLoad({ baseUrl: app.baseUrl, keys, verifyItems: [], otpItems: [], phases: [{ name: "verify-supply", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: seconds }] }] }, "io-floor-supply");
    }
    await adminQuery("VACUUM ANALYZE", [], url);
    const verifyItems = await deliveredCodes(url, keys);
    await adminQuery(FLOOR_SCHEMA, [], url);
    const floorVerifyItems = floorCodes();
    const owners = await adminQuery<{ otp_id: string; merchant_id: number }>("SELECT otp_id, merchant_id FROM otp_transactions UNION ALL SELECT otp_id, merchant_id FROM io_floor.otp", [], url);
    const keyMerchants = await merchantsOfKeys(url, keys);
    const setupFile = path.join(TMP_DIR, "io-floor-setup.json");
    writeFileSync(
      setupFile,
      JSON.stringify({
        databaseUrl: url,
        redisUrl: REDIS_URL,
        poolSize: POOL_SIZE,
        statement: READ_STATEMENT,
        owners: Object.fromEntries(owners.map((o) => [o.otp_id, o.merchant_id])),
        keys: Object.fromEntries(keys.map((key, i) => [key, keyMerchants[i]])),
      }),
    );
    const ioFloor = await startReferenceServer("io-floor-server.mjs", await freePort(3139), [setupFile], {}, wrap("io-floor"));
    const floor = await startReferenceServer("floor-server.mjs", await freePort(3140), [], {}, wrap("reference"));
    servers.push(ioFloor, floor);
    // Other servers of the same build, measured beside the app (same endpoints, same turns).
    const variants: { key: string; label: string; server: AppServer }[] = [];
    if (API_ONLY) {
      const server = await startApp({ port: await freePort(3141), env: { ...env, SERVER_ROLE: "api" }, logFile: path.join(TMP_DIR, "io-floor-app-api.log"), wrap: wrap("app-api") });
      variants.push({ key: "api-only", label: `${appName}, SERVER_ROLE=api`, server });
    }
    if (PAGES) {
      const server = await startApp({ port: await freePort(3142), env, logFile: path.join(TMP_DIR, "io-floor-app-pages.log"), wrap: wrap("app-pages") });
      variants.push({ key: "pages", label: `${appName} once it has served ${PAGE_PATHS.join(", ")}`, server });
    }
    for (const { server, key } of variants) {
      servers.push(server);
      await waitReady(server.baseUrl, keys[0], READY_MS);
      // Compiled and cached like the app, whose warm-up made the OTPs.
      await warmUp(server.baseUrl, keys, Math.min(WARM, 2000), CONNECTIONS);
      // What an instance behind a load balancer has done before its first /v3 request: answered its health checks and pages.
      if (key === "pages") for (const page of PAGE_PATHS) await fetch(`${server.baseUrl}${page}`).then((res) => res.arrayBuffer());
    }

    const otpItems = verifyItems.map(({ otpId, key }) => ({ otpId, key }));
    const figures = new Map<string, Figures>();
    const record = (name: string, rps: number, result: PhaseResult) => {
      const f = figures.get(name) ?? { rps: [], cost: [], compiler: [] };
      f.rps.push(rps);
      const compiler = result.serverCompilerInstructionsPerRequest ?? NaN;
      f.cost.push(INSTRUCTIONS ? (result.serverInstructionsPerRequest ?? NaN) - compiler : (result.serverCpuMsPerRequest ?? NaN) * 1000);
      f.compiler.push(compiler);
      figures.set(name, f);
    };
    // The app's verifications use up their OTPs; the floor's are reset before each run (its own table).
    const verifyUsed = new Set<string>();
    /** The OTPs a verify run sent a code for (it hands them out in order): no later run may use them. */
    const markUsed = (items: VerifyItem[], part: { verify?: { sent: { wrong: number } } }) => {
      for (const item of items.slice(0, part.verify?.sent.wrong ?? 0)) verifyUsed.add(item.otpId);
    };
    // Runs under valgrind take minutes: the bench's OTPs live 15 (ttl 900), so a run gets only the last 10 minutes' ones.
    const maxAge = INSTRUCTIONS ? 600 : null;
    let appVerifyRate = 0;
    /** The delivered codes no earlier run of the app used (the creation runs add to them), topped up when they would run short. */
    const freshCodes = async (): Promise<VerifyItem[]> => {
      const unused = async () => (await deliveredCodes(url, keys, maxAge)).filter((item) => !verifyUsed.has(item.otpId));
      let fresh = await unused();
      // A run verifies one OTP per two requests (a typo, then the right code).
      const needed = INSTRUCTIONS ? REQUESTS / 2 + CONNECTIONS : Math.ceil((appVerifyRate || 2 * creationRate) * SECONDS * 0.75);
      if (fresh.length < needed) {
        const seconds = Math.ceil((needed - fresh.length) / creationRate) + 2;
        console.error(JSON.stringify({ msg: "topping up the OTPs to verify", have: fresh.length, needed, seconds }));
        await runLoad({ baseUrl: app.baseUrl, keys, verifyItems: [], otpItems: [], phases: [{ name: "verify-supply", parts: [{ name: "request", endpoint: "request", connections: CONNECTIONS, durationSec: seconds }] }] }, "io-floor-supply");
        fresh = await unused();
      }
      return fresh;
    };
    const run = async (server: AppServer, endpoint: Endpoint, items: VerifyItem[], counted = true) => {
      const load = { name: endpoint, endpoint, connections: CONNECTIONS, durationSec: SECONDS, ...(INSTRUCTIONS ? { amount: REQUESTS } : {}) };
      const [result] = await runLoad(
        { baseUrl: server.baseUrl, keys, verifyItems: items, otpItems, serverPid: server.pid, ...(INSTRUCTIONS && counted ? { instructionsOfPid: server.pid } : {}), phases: [{ name: endpoint, parts: [load] }] },
        "io-floor",
      );
      const part = result.parts[0];
      // Spare requests after the fresh OTPs ran out would be 404s counted in the CPU per request.
      if (part.verify?.poolRanOutAfterSec != null) throw new Error(`verify on ${server.baseUrl} ran out of fresh OTPs after ${part.verify.poolRanOutAfterSec} s: the supply is topped up from the previous run's rate: raise IO_FLOOR_VERIFY_SUPPLY`);
      if (endpoint !== "floor" && part.non2xx > 0) throw new Error(`${endpoint} on ${server.baseUrl}: ${part.non2xx} answers were not 2xx (${JSON.stringify(part.statuses)})`);
      const answers = Object.keys(part.verify?.answers ?? {}).filter((answer) => answer !== "right→verified" && answer !== "wrong→mismatch");
      if (answers.length > 0) throw new Error(`verify on ${server.baseUrl} answered ${JSON.stringify(part.verify!.answers)}`);
      return { result, part };
    };
    // Uncounted runs first (IO_FLOOR_WARM_RUNS), then the counted pairs.
    for (let pair = -WARM_RUNS; pair < PAIRS; pair++) {
      const counted = pair >= 0;
      for (const endpoint of ENDPOINTS) {
        const appItems = endpoint === "verify" ? await freshCodes() : [];
        const appRun = await run(app, endpoint, appItems, counted);
        markUsed(appItems, appRun.part);
        if (endpoint === "verify") appVerifyRate = Math.max(appVerifyRate, appRun.part.requestsPerSec);
        if (counted) record(`${endpoint}:app`, appRun.part.requestsPerSec, appRun.result);
        for (const variant of variants) {
          const variantItems = endpoint === "verify" ? await freshCodes() : [];
          const variantRun = await run(variant.server, endpoint, variantItems, counted);
          markUsed(variantItems, variantRun.part);
          if (counted) record(`${endpoint}:${variant.key}`, variantRun.part.requestsPerSec, variantRun.result);
        }
        if (endpoint === "verify") await adminQuery(RESET_FLOOR_VERIFICATIONS, [], url);
        const floorRun = await run(ioFloor, endpoint, endpoint === "verify" ? floorVerifyItems : [], counted);
        if (counted) record(`${endpoint}:floor`, floorRun.part.requestsPerSec, floorRun.result);
      }
      const reference = await run(floor, "floor", [], counted);
      if (counted) record("reference", reference.part.requestsPerSec, reference.result);
    }

    const row = (label: string, name: string) => {
      const f = figures.get(name)!;
      const cost = (v: number) => (INSTRUCTIONS ? `${(v / 1000).toFixed(1)} k` : v.toFixed(0));
      const compiling = INSTRUCTIONS ? ` | ${f.compiler.map(cost).join(" · ")}` : "";
      return `| ${label} | ${Math.round(median(f.rps))} | ${cost(median(f.cost))} (${f.cost.map(cost).join(" · ")})${compiling} |`;
    };
    const cpu = (name: string) => median(figures.get(name)!.cost);
    const out: string[] = [];
    const runs = INSTRUCTIONS ? `${REQUESTS} requests per run under callgrind, after ${WARM_RUNS} uncounted runs` : `${SECONDS} s per run`;
    out.push(`\nEach endpoint at saturation, ${CONNECTIONS} connections, ${runs}, ${PAIRS} runs of each server in turn (medians), ${appName}\n`);
    out.push(
      INSTRUCTIONS
        ? "| server | req/s (under valgrind) | instructions per request, V8's compilers' excluded (runs) | of which the compilers took (runs) |\n|---|---|---|---|"
        : "| server | req/s | CPU µs per request (runs) |\n|---|---|---|",
    );
    for (const endpoint of ENDPOINTS) {
      out.push(row(`${appName}, ${LABELS[endpoint]}`, `${endpoint}:app`));
      for (const variant of variants) out.push(row(`${variant.label}, ${LABELS[endpoint]}`, `${endpoint}:${variant.key}`));
      out.push(row(`I/O floor, ${LABELS[endpoint]}`, `${endpoint}:floor`));
    }
    out.push(row("bare node:http, constant 404 (the bench's reference)", "reference"));
    out.push(`\n| endpoint | app ÷ I/O floor | I/O floor ÷ reference | app ÷ reference (${INSTRUCTIONS ? "instructions, not the bench's cpu_*" : "the bench's cpu_*"}) |\n|---|---|---|---|`);
    for (const endpoint of ENDPOINTS) {
      const [a, f, r] = [cpu(`${endpoint}:app`), cpu(`${endpoint}:floor`), cpu("reference")];
      out.push(`| ${LABELS[endpoint]} | ${(a / f).toFixed(2)} | ${(f / r).toFixed(2)} | ${(a / r).toFixed(2)} |`);
      for (const variant of variants) {
        const v = cpu(`${endpoint}:${variant.key}`);
        out.push(`| ${LABELS[endpoint]}, ${variant.key === "api-only" ? "without Next.js" : "after pages"} | ${(v / f).toFixed(2)} | | ${(v / r).toFixed(2)} (${(v / a).toFixed(2)} of the app's) |`);
      }
    }
    writeResults(out, { measure: INSTRUCTIONS ? "instructions" : "cpu", endpoints: ENDPOINTS, pairs: PAIRS, ...(INSTRUCTIONS ? { requests: REQUESTS, warmRuns: WARM_RUNS } : { seconds: SECONDS }), switches, apiOnly: API_ONLY, pages: PAGES }, figures);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await pg.stop();
  }
}

/** Prints the report and keeps it, with the figures of every run, as bench/results/io-floor-<time>.{md,json}. */
function writeResults(lines: string[], configuration: Record<string, unknown>, figures: Map<string, Figures>): void {
  const at = new Date().toISOString();
  const source = sourceTree();
  const md = [`# I/O floor (\`npm run bench:io-floor\`), ${at}`, "", `Source: ${source}. Configuration: \`${JSON.stringify(configuration)}\`.`, ...lines, ""].join("\n");
  console.log(md);
  keepResults("io-floor", at, md, { at, source, configuration, figures: Object.fromEntries(figures) });
}

runMain(main);
