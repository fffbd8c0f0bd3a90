// `npm run soak`: a steady moderate mix against the production build for
// SOAK_MINUTES (10), reporting per minute the latency of each endpoint and the RSS
// of the server process, to see leaks and drift. Not part of CI.
//
// Knobs (env): SOAK_MINUTES (10), SOAK_MINUTE_SECONDS (60; lower it for a quick
// check), SOAK_RATE (20 req/s in all: ¼ creations, ½ status reads, ¼ verifies),
// BENCH_BUILD, BENCH_PORT, DB_POOL_SIZE, REDIS_URL. Database: sandi_soak.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adminQuery, recreateDatabase } from "./lib/database";
import { runLoad, TMP_DIR } from "./lib/load-client";
import { machineInfo } from "./lib/machine";
import type { Phase } from "./lib/plan";
import { RESULTS_DIR } from "./lib/report";
import { buildApp, freePort, rssMiB, startApp, waitReady } from "./lib/server";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MINUTES = num("SOAK_MINUTES", 10);
const MINUTE = num("SOAK_MINUTE_SECONDS", 60);
const RATE = num("SOAK_RATE", 20);

async function main(): Promise<void> {
  const started = new Date();
  mkdirSync(TMP_DIR, { recursive: true });
  const [{ version }] = await adminQuery<{ version: string }>("SELECT split_part(version(), ' on ', 1) AS version");
  const machine = machineInfo(version);
  buildApp();
  const url = await recreateDatabase("sandi_soak");
  const secret = () => randomBytes(32).toString("base64url");
  const appEnv: Record<string, string> = {
    DATABASE_URL: url,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    FRAUD_GUARD_DEFAULT: "off",
    DB_POOL_SIZE: String(num("DB_POOL_SIZE", 10)),
    DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e-bench",
    OTP_PEPPER: secret(),
    SESSION_SECRET: secret(),
    PAYMENT_LINK_SECRET: secret(),
  };
  Object.assign(process.env, appEnv);
  const { seedMerchants, deliveredCodes } = await import("./lib/seed");
  const { disconnectDb, getDb } = await import("@/server/db/client");
  const { keys, ids } = await seedMerchants(4);
  const port = await freePort(num("BENCH_PORT", 3107));
  const app = await startApp({ port, env: appEnv, logFile: path.join(TMP_DIR, "soak-server.log") });
  const rss: { at: string; rssMiB: number }[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    await waitReady(app.baseUrl, keys[0]);
    const base = { baseUrl: app.baseUrl, keys, serverPid: app.pid };
    // Enough OTPs (ttl 900 s) for every verify of the soak: each takes a wrong code, then the right one.
    const verifiesNeeded = Math.ceil((RATE / 4) * MINUTES * MINUTE);
    const prefillSeconds = Math.min(60, Math.max(5, Math.ceil(verifiesNeeded / 2 / 50)));
    await runLoad({ ...base, verifyItems: [], otpItems: [], phases: [{ name: "prefill", parts: [{ name: "request", endpoint: "request", connections: 8, durationSec: prefillSeconds }] }] }, "soak-prefill");
    const byMerchant = new Map(ids.map((id, i) => [id, i]));
    const items = (await deliveredCodes(200_000)).map((c) => ({ otpId: c.otpId, code: c.code, key: byMerchant.get(c.merchantId)! }));

    const phases: Phase[] = [];
    for (let m = 1; m <= MINUTES; m++) {
      phases.push({
        name: `minute-${m}`,
        parts: [
          { name: "request", endpoint: "request", connections: 2, durationSec: MINUTE, rate: Math.max(1, Math.round(RATE / 4)) },
          { name: "otp", endpoint: "otp", connections: 4, durationSec: MINUTE, rate: Math.max(1, Math.round(RATE / 2)) },
          { name: "verify", endpoint: "verify", connections: 2, durationSec: MINUTE, rate: Math.max(1, Math.round(RATE / 4)) },
        ],
      });
    }
    rss.push({ at: new Date().toISOString(), rssMiB: rssMiB(app.pid) });
    sampler = setInterval(() => rss.push({ at: new Date().toISOString(), rssMiB: rssMiB(app.pid) }), 5000);
    const results = await runLoad({ ...base, verifyItems: items, otpItems: items.map(({ otpId, key }) => ({ otpId, key })), phases }, "soak");
    clearInterval(sampler);
    rss.push({ at: new Date().toISOString(), rssMiB: rssMiB(app.pid) });

    const db = await getDb();
    const [ledger] = await db.$queryRaw<{ unbalanced: bigint }[]>`
      SELECT count(*) FILTER (WHERE m.saldo <> COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)) AS unbalanced FROM merchants m`;
    const perMinute = results.map((phase, i) => {
      const end = new Date(new Date(phase.startedAt).getTime() + MINUTE * 1000).toISOString();
      const inMinute = rss.filter((s) => s.at >= phase.startedAt && s.at <= end).map((s) => s.rssMiB);
      return {
        minute: i + 1,
        rssMiBMax: inMinute.length ? Math.max(...inMinute) : null,
        serverCpuMsPerRequest: phase.serverCpuMsPerRequest,
        endpoints: Object.fromEntries(phase.parts.map((p) => [p.name, { rps: p.requestsPerSec, p50: p.latencyMs.p50, p95: p.latencyMs.p95, p99: p.latencyMs.p99, non2xx: p.non2xx, errors: p.errors + p.timeouts }])),
      };
    });
    const report = { startedAt: started.toISOString(), minutes: MINUTES, minuteSeconds: MINUTE, rate: RATE, machine, perMinute, rss, ledgerBalanced: ledger.unbalanced === 0n };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `soak-${started.toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
    console.log("\nminute | RSS MiB | CPU ms/req | request p50/p95/p99 | otp p50/p95/p99 | verify p50/p95/p99 | non-2xx+errors");
    for (const m of perMinute) {
      const e = m.endpoints;
      const cell = (k: string) => `${e[k].p50}/${e[k].p95}/${e[k].p99}`;
      const bad = Object.values(e).reduce((s, x) => s + x.non2xx + x.errors, 0);
      console.log(`${m.minute} | ${m.rssMiBMax} | ${m.serverCpuMsPerRequest} | ${cell("request")} | ${cell("otp")} | ${cell("verify")} | ${bad}`);
    }
    console.log(JSON.stringify({ msg: "soak done", file, ledgerBalanced: report.ledgerBalanced }));
  } finally {
    if (sampler) clearInterval(sampler);
    await app.stop();
    await disconnectDb();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
