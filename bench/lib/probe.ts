// The database work behind one request, measured without concurrency: a second
// app server of the build under test, connected to PostgreSQL through a counting
// proxy (pg-counter-proxy.ts), gets N creations one at a time, then N wrong codes
// and N right codes one at a time. Per request the probe reports statements, round
// trips and transactions from the wire, pg_stat_database.xact_commit (read-only
// transactions included) and pg_stat_wal.wal_sync: one request at a time means no
// group commit, so each WAL flush is one a commit waited for (the WAL writer's
// background flushes of asynchronous commits count too; the idle rate measured
// just before and just after is subtracted; on a shared machine other databases'
// commits make this figure noisy, so the proxy's own estimate, flushedCommits,
// sits next to it). PostgreSQL publishes a backend's statistics up to
// 10 s late (PGSTAT_IDLE_INTERVAL), so every reading waits 11 s after the work.
import { adminQuery } from "./database";
import { PgCounterProxy, type WireCounts } from "./pg-counter-proxy";
import { treeCpuMs } from "./proc";
import { creationBody, wrongCode } from "./requests";
import { freePort, startApp, waitReady } from "./server";

export type PerRequest = WireCounts & { xactCommit: number | null; walSync: number | null; appCpuMs: number; latencyMsMean: number };
export type ProbeResult = {
  requests: number;
  creation: PerRequest;
  verifyWrong: WireCounts & { appCpuMs: number; latencyMsMean: number };
  verifyRight: WireCounts & { appCpuMs: number; latencyMsMean: number };
  /** Both verify kinds together (the pg_stat readings cannot be split between them). */
  verify: { xactCommit: number | null; walSync: number | null };
  backgroundWalSyncPerSec: number;
  /** Set when the cluster's statistics were reset during the probe (the pg_stat figures are then null). */
  statsResetDuringProbe: boolean;
};

type Stats = { at: number; xact: number; walSync: number; reset: string };
const SETTLE_MS = 11_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const r2 = (v: number) => Math.round(v * 100) / 100;

async function stats(dbName: string): Promise<Stats> {
  const [row] = await adminQuery<{ xact: string; wal_sync: string; reset: string }>(
    "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = $1) AS xact, wal_sync, stats_reset::text AS reset FROM pg_stat_wal",
    [dbName],
  );
  return { at: Date.now(), xact: Number(row.xact), walSync: Number(row.wal_sync), reset: row.reset };
}

function perRequest(before: WireCounts, after: WireCounts, n: number): WireCounts {
  return {
    statements: r2((after.statements - before.statements) / n),
    roundTrips: r2((after.roundTrips - before.roundTrips) / n),
    roundTripsInTransaction: r2((after.roundTripsInTransaction - before.roundTripsInTransaction) / n),
    waits: r2((after.waits - before.waits) / n),
    transactions: r2((after.transactions - before.transactions) / n),
    rollbacks: r2((after.rollbacks - before.rollbacks) / n),
    flushedCommits: r2((after.flushedCommits - before.flushedCommits) / n),
    transactionControl: r2((after.transactionControl - before.transactionControl) / n),
    maxStatementsPerTransaction: after.maxStatementsPerTransaction,
  };
}

export async function probe(options: {
  dir: string;
  env: Record<string, string>;
  dbName: string;
  key: string;
  verifyItems: { otpId: string; code: string }[];
  n: number;
  logFile: string;
  /** Ports to try first for the probe's server and its proxy (a free one otherwise). */
  ports: [number, number];
}): Promise<ProbeResult> {
  const target = new URL(options.env.DATABASE_URL);
  const proxy = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(target);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(await proxy.listen(await freePort(options.ports[1])));
  const port = await freePort(options.ports[0]);
  const app = await startApp({ port, dir: options.dir, env: { ...options.env, DATABASE_URL: proxied.toString() }, logFile: options.logFile });
  const headers = { authorization: `Bearer ${options.key}`, "content-type": "application/json" };
  const call = async (path: string, body: string) => {
    const res = await fetch(`${app.baseUrl}${path}`, { method: "POST", headers, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`probe ${path}: ${res.status} ${text.slice(0, 300)}`);
  };
  const timed = async (calls: (() => Promise<void>)[]) => {
    const cpu = treeCpuMs(app.pid);
    const started = performance.now();
    for (const c of calls) await c();
    return { appCpuMs: r2((treeCpuMs(app.pid) - cpu) / calls.length), latencyMsMean: r2((performance.now() - started) / calls.length) };
  };
  try {
    await waitReady(app.baseUrl, options.key);
    const items = options.verifyItems.slice(0, options.n + 1);
    if (items.length < options.n + 1) throw new Error(`probe needs ${options.n + 1} delivered OTPs, has ${items.length}`);
    // Warm the server's pools and caches (connections open, statements prepared).
    for (let i = 0; i < 5; i++) await call("/v3/request", creationBody(`probe-warm-${i}`));
    const [warm, ...probeItems] = items;
    await call("/v3/verify", JSON.stringify({ otp_id: warm.otpId, otp: wrongCode(warm.code) }));
    await call("/v3/verify", JSON.stringify({ otp_id: warm.otpId, otp: warm.code }));

    await sleep(SETTLE_MS);
    const idleFrom = await stats(options.dbName);
    await sleep(5000);
    const s0 = await stats(options.dbName);
    proxy.resetMax();
    const w0 = proxy.snapshot();
    const creationCost = await timed(Array.from({ length: options.n }, (_, i) => () => call("/v3/request", creationBody(`probe-${i}`))));
    await sleep(SETTLE_MS);
    const s1 = await stats(options.dbName);
    const w1 = proxy.snapshot();
    proxy.resetMax();
    const wrongCost = await timed(probeItems.map((it) => () => call("/v3/verify", JSON.stringify({ otp_id: it.otpId, otp: wrongCode(it.code) }))));
    await sleep(500);
    const w2 = proxy.snapshot();
    proxy.resetMax();
    const rightCost = await timed(probeItems.map((it) => () => call("/v3/verify", JSON.stringify({ otp_id: it.otpId, otp: it.code }))));
    await sleep(SETTLE_MS);
    const s2 = await stats(options.dbName);
    const w3 = proxy.snapshot();
    await sleep(5000);
    const idleTo = await stats(options.dbName);

    const reset = new Set([idleFrom.reset, s0.reset, s1.reset, s2.reset, idleTo.reset]).size > 1;
    // The cluster's idle flush rate (other databases, the WAL writer), from 5 s before and 5 s after the probe.
    const idleRate = Math.max(0, (s0.walSync - idleFrom.walSync + idleTo.walSync - s2.walSync) / ((s0.at - idleFrom.at + idleTo.at - s2.at) / 1000));
    const walPer = (a: Stats, b: Stats, n: number) => (reset ? null : r2(Math.max(0, b.walSync - a.walSync - idleRate * ((b.at - a.at) / 1000)) / n));
    const xactPer = (a: Stats, b: Stats, n: number) => (reset ? null : r2((b.xact - a.xact) / n));
    const n = options.n;
    return {
      requests: n,
      creation: { ...perRequest(w0, w1, n), xactCommit: xactPer(s0, s1, n), walSync: walPer(s0, s1, n), ...creationCost },
      verifyWrong: { ...perRequest(w1, w2, n), ...wrongCost },
      verifyRight: { ...perRequest(w2, w3, n), ...rightCost },
      verify: { xactCommit: xactPer(s1, s2, 2 * n), walSync: walPer(s1, s2, 2 * n) },
      backgroundWalSyncPerSec: r2(idleRate),
      statsResetDuringProbe: reset,
    };
  } finally {
    await app.stop();
    await proxy.close();
  }
}
