// `npm run fleet`: Sandi as a fleet on this machine — PgBouncer in transaction mode
// in front of PostgreSQL, a Redis of its own, three app instances behind a
// round-robin load balancer that follows /readyz, two workers and a webhook
// receiver — under bounded mixed traffic for FLEET_SECONDS (300) while one worker
// is killed with SIGKILL, app instances are restarted with SIGTERM, Redis is
// restarted, PgBouncer is paused and resumed and a migration is applied. Then it
// checks money, OTPs, replays, verifications, webhooks, logs and the shared rate
// limit, prints the result and writes it to bench/results/fleet-<time>.md. Exits 1
// when a check fails.
//
// Knobs (env): FLEET_SECONDS (300), FLEET_RATE (20 flows/s), BENCH_PG_ADMIN_URL
// (the PostgreSQL server; database sandi_fleet is recreated), BENCH_BUILD.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { failuresByWindow, runChecks, type Window } from "./fleet/checks";
import { startFront } from "./fleet/front";
import { appInstance, pgbouncer, redisServer, worker } from "./fleet/processes";
import { emptyLog, Traffic, type FleetMerchant } from "./fleet/traffic";
import { adminQuery, adminUrl, databaseUrl, dropDatabase, recreateDatabase } from "./lib/database";
import { machineInfo } from "./lib/machine";
import { RESULTS_DIR } from "./lib/report";
import { buildApp, freePort, freshSecrets } from "./lib/server";

const SECONDS = Number(process.env.FLEET_SECONDS ?? 300);
const RATE = Number(process.env.FLEET_RATE ?? 20);
const LOOPS = 6;
const RATE_LIMIT = 10;
const DATABASE = "sandi_fleet";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

function webhookReceiver(received: Map<string, number>): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const id = String(req.headers["webhook-id"] ?? "");
    req.resume().on("end", () => {
      if (id) received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/hook`, close: () => server.close() });
    }),
  );
}

async function main(): Promise<void> {
  const started = new Date();
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-fleet-"));
  const stamp = () => Math.round((Date.now() - started.getTime()) / 1000);
  const say = (text: string) => console.log(`[fleet ${String(stamp()).padStart(3)} s] ${text}`);
  say(`logs in ${dir}`);
  const buildSeconds = buildApp();
  if (buildSeconds) say(`built the app in ${buildSeconds.toFixed(0)} s`);

  const directUrl = await recreateDatabase(DATABASE);
  const admin = new URL(adminUrl());
  const [bouncerPort, redisPort, ...appPorts] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const pooledUrl = (() => {
    const u = new URL(databaseUrl(DATABASE));
    u.port = String(bouncerPort);
    return u.toString();
  })();
  const secrets = freshSecrets();
  const received = new Map<string, number>();
  const receiver = await webhookReceiver(received);
  const front = await startFront(appPorts);
  const env: Record<string, string> = {
    ...secrets,
    DATABASE_URL: pooledUrl,
    MIGRATION_DATABASE_URL: directUrl,
    DB_POOLER: "pgbouncer",
    DB_POOL_SIZE: "5",
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    RUN_WORKER_IN_APP: "0",
    SHUTDOWN_DRAIN_MS: "3000",
    WEBHOOK_ALLOW_PRIVATE_URLS: "1",
    BASE_URL: front.url,
    APP_URL: front.url,
    DATA_DIR: path.join(dir, "data"),
  };
  // Seeding and settling run here, through the project's own services, on the direct connection.
  Object.assign(process.env, env, { DATABASE_URL: directUrl });

  const redis = redisServer(redisPort, dir);
  const bouncer = pgbouncer(bouncerPort, Number(admin.port || 5432), dir, 20);
  await redis.start();
  await bouncer.start();
  const apps = appPorts.map((port, i) => appInstance(`app-${i + 1}`, port, dir, env));
  const workers = [1, 2].map((i) => worker(`worker-${i}`, dir, env));
  await Promise.all([...apps, ...workers].map((p) => p.start()));
  while (front.healthy().length < apps.length) await sleep(100);
  say(`3 app instances on ${appPorts.join(", ")} behind ${front.url}, 2 workers, PgBouncer :${bouncerPort}, Redis :${redisPort}`);

  const { createMerchant, updateMerchant } = await import("@/server/services/merchants/merchants");
  const { payTopupAsOperator } = await import("@/server/services/topups/operator");
  const { migrate, readMigrations } = await import("@/server/db/migrate");
  const { disconnectDb } = await import("@/server/db/client");
  const merchants: FleetMerchant[] = [];
  for (let i = 1; i <= 4; i++) {
    const created = await createMerchant({ name: `Fleet ${i}`, email: `fleet${i}@fleet.test`, brandName: "TokoKu", saldo: 100_000_000, rateLimit: i === 4 ? RATE_LIMIT : 10_000 });
    await updateMerchant(created.id, { webhookUrl: receiver.url, fraudGuard: "off" });
    merchants.push({ id: created.id, merchantId: created.merchant_id, key: created.api_key });
  }
  const [limited] = merchants.splice(3, 1);

  const direct = new pg.Pool({ connectionString: directUrl, max: 4 });
  const log = emptyLog();
  const traffic = new Traffic(log, direct, async (id) => void (await payTopupAsOperator(id)));
  const stopping = new Set<number>();
  let redisUp = true;
  let running = true;
  const windows: Window[] = [];
  const directPorts = () => front.healthy().filter((p) => !stopping.has(p));

  const flow = async () => {
    const m = pick(merchants);
    const r = Math.random();
    const ports = directPorts();
    if (r < 0.15 && ports.length >= 2) {
      const [a, b] = [...ports].sort(() => Math.random() - 0.5);
      const made = await traffic.create(`http://127.0.0.1:${a}`, m, "create-direct");
      if (made) await traffic.verifyRight(`http://127.0.0.1:${b}`, m, made.creation, false, String(a));
      return;
    }
    if (r < 0.3 && log.creations.length) return traffic.replay(front.url, m, pick(log.creations.filter((c) => c.merchant === m.id).slice(-200)) ?? log.creations[0]);
    if (r < 0.35 && log.creations.length) return traffic.read(front.url, m, pick(log.creations.slice(-200)));
    const made = await traffic.create(front.url, m);
    if (made) await traffic.verifyRight(front.url, m, made.creation, Math.random() < 0.2, made.instance);
  };
  const loop = async () => {
    const every = (LOOPS / RATE) * 1000;
    while (running) {
      const t = Date.now();
      await flow();
      await sleep(Math.max(0, every - (Date.now() - t)));
    }
  };
  const topups = async () => {
    while (running) {
      for (const m of merchants) await traffic.topup(front.url, m);
      await sleep(15_000);
    }
  };
  const bursts = async () => {
    while (running) {
      await traffic.burst(front.url, limited, RATE_LIMIT * 3, () => redisUp);
      await sleep(4000);
    }
  };

  const at = (fraction: number) => sleep(Math.max(0, started.getTime() + fraction * SECONDS * 1000 - Date.now()));
  const rollingRestart = async (index: number) => {
    const app = apps[index];
    const from = Date.now();
    stopping.add(app.port);
    say(`rolling restart: SIGTERM to ${app.name}`);
    await app.stop(60_000);
    await app.start();
    stopping.delete(app.port);
    windows.push({ name: `rolling restart of ${app.name}`, from, to: Date.now() + 2000 });
    say(`${app.name} back after ${((Date.now() - from) / 1000).toFixed(1)} s`);
  };
  const faults = async () => {
    await at(0.1);
    let from = Date.now();
    say("kill -9 worker-1");
    await workers[0].kill9();
    await sleep(5000);
    await workers[0].start();
    windows.push({ name: "worker killed", from, to: Date.now() });
    await at(0.2);
    await rollingRestart(1);
    await at(0.35);
    from = Date.now();
    say("restarting Redis");
    redisUp = false;
    await redis.stop();
    await sleep(2000);
    await redis.start();
    // The instances notice Redis is back within their reconnect back-off.
    await sleep(3000);
    redisUp = true;
    windows.push({ name: "Redis restarted", from, to: Date.now() });
    await at(0.5);
    from = Date.now();
    say("PgBouncer PAUSE for 3 s, then RESUME");
    bouncer.signal("SIGUSR1");
    await sleep(3000);
    bouncer.signal("SIGUSR2");
    windows.push({ name: "PgBouncer paused", from, to: Date.now() + 2000 });
    await at(0.6);
    from = Date.now();
    const extra = "ALTER TABLE otp_transactions ADD COLUMN IF NOT EXISTS fleet_note text;\n";
    const applied = await migrate(directUrl, [...readMigrations(), { name: "29990101000000_fleet_expand", sql: extra, checksum: createHash("sha256").update(extra).digest("hex") }]);
    say(`migration applied under load: ${applied.applied.join(", ")}`);
    windows.push({ name: "migration applied", from, to: Date.now() + 2000 });
    await at(0.75);
    await rollingRestart(2);
  };

  const runs = [...Array.from({ length: LOOPS }, loop), topups(), bursts()];
  await faults();
  await at(1);
  running = false;
  await Promise.all(runs);
  say(`traffic stopped: ${log.answers.length} requests; waiting for webhooks`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await direct.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_events WHERE type = 'otp.verified' AND merchant_id = ANY($1)", [[...merchants, limited].map((m) => m.id)]);
    if (rows[0].n <= received.size || Date.now() > deadline) break;
    await sleep(1000);
  }

  const checks = await runChecks({ db: direct, merchants: [...merchants, limited], limited, rateLimit: RATE_LIMIT, log, received, logFiles: [...apps, ...workers, bouncer].map((p) => p.logFile), windows });
  const failures = failuresByWindow(log, windows);
  await Promise.all([...apps, ...workers].map((p) => p.stop()));
  await Promise.all([bouncer.stop(), redis.stop()]);
  await front.close();
  receiver.close();
  await direct.end();
  await disconnectDb();
  await dropDatabase(DATABASE);

  const [{ version }] = await adminQuery<{ version: string }>("SELECT split_part(version(), ' on ', 1) AS version");
  const lines = [
    `# Fleet run ${started.toISOString()}`,
    "",
    `${machineInfo(version)}`,
    "",
    `${SECONDS} s of traffic at ${RATE} flows/s: 3 app instances (round-robin, /readyz-checked), 2 workers, PgBouncer (transaction mode, DB_POOLER=pgbouncer), Redis, webhook receiver. ${log.answers.length} requests, ${log.creations.length} creations, ${log.rightCodes.length} verifications with the right code, ${log.replays.length} replays, ${log.topups.length} top-ups, ${log.bursts.length} rate-limit bursts, ${received.size} webhook events received.`,
    "",
    "| Check | Result | Detail |",
    "|---|---|---|",
    ...checks.map((c) => `| ${c.name} | ${c.pass ? "pass" : "**FAIL**"} | ${c.detail.replace(/\|/g, "\\|")} |`),
    "",
    "| Fault window | Requests | No answer or 5xx | Which |",
    "|---|---|---|---|",
    ...failures.map((f) => `| ${f.name} | ${f.requests} | ${f.failed} | ${f.statuses || "–"} |`),
    "",
  ];
  const report = lines.join("\n");
  console.log(`\n${report}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `fleet-${started.toISOString().replace(/[:.]/g, "-")}.md`);
  writeFileSync(file, report);
  say(`written to ${path.relative(process.cwd(), file)}`);
  process.exit(checks.every((c) => c.pass) ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
