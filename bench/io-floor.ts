// `npx tsx bench/io-floor.ts`: what a read costs the app beyond the I/O it makes. One
// production build as `npm start` ships it (bench's own PostgreSQL cluster, Redis), filled
// with IO_FLOOR_WARM creations; then GET /v3/otp/{id} at saturation, IO_FLOOR_PAIRS times in
// turn against three servers: the app, the I/O floor (bench/lib/io-floor-server.mjs: node:http
// with the same Redis script and the same read statement on a pool of the app's size, and
// nothing else) and the bare node:http reference (a constant 404, bench/lib/floor-server.mjs,
// the one the bench's cpu_* ratios divide by). Prints CPU per request of each server's process
// tree and the ratios; asserts nothing. Knobs: IO_FLOOR_WARM (4000), IO_FLOOR_PAIRS (3),
// IO_FLOOR_SECONDS (10), REDIS_URL (redis://127.0.0.1:6379/6), BENCH_BUILD (auto); LOG_REQUESTS,
// RUN_WORKER_IN_APP, API_LOG and METRICS_HOT_PATH, when set, go to the app (unset: as shipped).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { DELIVERIES_COLUMN, OTP_RECORD_COLUMNS } from "@/server/services/otp/otp-record-columns";
import { adminQuery, recreateDatabase } from "./lib/database";
import { runLoad, TMP_DIR } from "./lib/load-client";
import { startOwnPostgres } from "./lib/own-postgres";
import type { Endpoint } from "./lib/plan";
import { preparedKeys } from "./lib/prepared-keys";
import { median } from "./lib/repeats";
import { buildApp, freePort, freshSecrets, SHIPPED_SWITCHES, startApp, startFloorServer, startReferenceServer, waitReady, type AppServer } from "./lib/server";
import { warmUp } from "./lib/warm-up";
import { runMain } from "./lib/run-main";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARM = num("IO_FLOOR_WARM", 4000);
const PAIRS = num("IO_FLOOR_PAIRS", 3);
const SECONDS = num("IO_FLOOR_SECONDS", 10);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/6";
const CONNECTIONS = 24;
const POOL_SIZE = 10;
const DB_NAME = "sandi_io_floor";
/** The app's read statement (services/otp/get-otp.ts), word for word. */
const READ_STATEMENT = `SELECT ${OTP_RECORD_COLUMNS}, ${DELIVERIES_COLUMN}
   FROM otp_transactions o WHERE o.otp_id = $1 AND o.merchant_id = $2`;

type Figures = { rps: number[]; cpuUs: number[] };

async function main(): Promise<void> {
  buildApp();
  const pg = await startOwnPostgres(await freePort(3137));
  process.env.BENCH_PG_ADMIN_URL = pg.adminUrl;
  process.env.BENCH_POSTGRES_PID = String(pg.pid);
  const servers: AppServer[] = [];
  try {
    const url = await recreateDatabase(DB_NAME, false);
    const switches = Object.fromEntries(SHIPPED_SWITCHES.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
    const env = { DATABASE_URL: url, REDIS_URL, FRAUD_GUARD_DEFAULT: "off", DATA_DIR: ".data-e2e-bench", DB_POOL_SIZE: String(POOL_SIZE), ...freshSecrets(), ...switches };
    const keys = await preparedKeys({ dir: process.cwd(), script: path.join("bench", "lib", "prepare-database.ts"), merchants: 8, env });
    const app = await startApp({ port: await freePort(3138), env, logFile: path.join(TMP_DIR, "io-floor-app.log") });
    servers.push(app);
    await waitReady(app.baseUrl, keys[0]);
    const created = await warmUp(app.baseUrl, keys, WARM, CONNECTIONS);
    await adminQuery("VACUUM ANALYZE", [], url);
    const owners = await adminQuery<{ otp_id: string; merchant_id: number }>("SELECT otp_id, merchant_id FROM otp_transactions", [], url);
    const setupFile = path.join(TMP_DIR, "io-floor-setup.json");
    writeFileSync(setupFile, JSON.stringify({ databaseUrl: url, redisUrl: REDIS_URL, poolSize: POOL_SIZE, statement: READ_STATEMENT, owners: Object.fromEntries(owners.map((o) => [o.otp_id, o.merchant_id])) }));
    const ioFloor = await startReferenceServer("io-floor-server.mjs", await freePort(3139), [setupFile]);
    const floor = await startFloorServer(await freePort(3140));
    servers.push(ioFloor, floor);

    const otpItems = created.map((c) => ({ otpId: c.otpId, key: keys.indexOf(c.key) }));
    const targets: { name: string; server: AppServer; endpoint: Endpoint }[] = [
      { name: `app, GET /v3/otp/{id} ${Object.keys(switches).length ? `with ${Object.entries(switches).map(([k, v]) => `${k}=${v}`).join(", ")}` : "as shipped"}`, server: app, endpoint: "otp" },
      { name: "I/O floor: node:http + the same Redis script and statement", server: ioFloor, endpoint: "otp" },
      { name: "bare node:http, constant 404 (the bench's reference)", server: floor, endpoint: "floor" },
    ];
    const figures = new Map<string, Figures>(targets.map((t) => [t.name, { rps: [], cpuUs: [] }]));
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const target of targets) {
        const [result] = await runLoad(
          { baseUrl: target.server.baseUrl, keys, verifyItems: [], otpItems, serverPid: target.server.pid, phases: [{ name: target.endpoint, parts: [{ name: target.endpoint, endpoint: target.endpoint, connections: CONNECTIONS, durationSec: SECONDS }] }] },
          "io-floor",
        );
        const part = result.parts[0];
        if (target.endpoint === "otp" && part.non2xx > 0) throw new Error(`${target.name}: ${part.non2xx} answers were not 2xx (${JSON.stringify(part.statuses)})`);
        figures.get(target.name)!.rps.push(part.requestsPerSec);
        figures.get(target.name)!.cpuUs.push((result.serverCpuMsPerRequest ?? NaN) * 1000);
      }
    }

    const med = (name: string) => ({ rps: median(figures.get(name)!.rps), cpuUs: median(figures.get(name)!.cpuUs) });
    const [appF, ioF, floorF] = targets.map((t) => med(t.name));
    console.log(`\nGET /v3/otp/{id} at saturation, ${CONNECTIONS} connections, ${SECONDS} s per run, ${PAIRS} runs of each server in turn (medians), ${WARM} OTPs to read\n`);
    console.log("| server | req/s | CPU µs per request (runs) |\n|---|---|---|");
    for (const t of targets) {
      const f = figures.get(t.name)!;
      console.log(`| ${t.name} | ${Math.round(median(f.rps))} | ${median(f.cpuUs).toFixed(0)} (${f.cpuUs.map((v) => v.toFixed(0)).join(" · ")}) |`);
    }
    console.log(`\n- app ÷ I/O floor: ${(appF.cpuUs / ioF.cpuUs).toFixed(2)} (what the app adds to the read's own I/O)`);
    console.log(`- I/O floor ÷ bare node:http: ${(ioF.cpuUs / floorF.cpuUs).toFixed(2)} (what two round trips cost against none)`);
    console.log(`- app ÷ bare node:http: ${(appF.cpuUs / floorF.cpuUs).toFixed(2)} (the bench's cpu_otp, measured here)`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await pg.stop();
  }
}

runMain(main);
