// The cluster's WAL flushes over a stretch of load, from pg_stat_wal: how many a second,
// and how long each took on average when the cluster times them (track_wal_io_timing,
// which the bench's own cluster turns on). A commit that waits for its flush waits for
// the one in progress too, so this, not the idle disk's fsync, is the floor a p99 meets
// under load. Backends hand their statistics over about once a second, so a figure over a
// phase of ten seconds or more is off by a second's flushes at most.
import { adminQuery, adminUrl } from "./database";

export type WalFlushes = { perSecond: number; meanMs: number | null };

/** The cluster's flush counters so far (syncMs stays 0 unless `timed`). */
export type WalCounters = { at: number; syncs: number; syncMs: number; timed: boolean };

// PostgreSQL 14–17 count the WAL's flushes in pg_stat_wal; 18 moved them to pg_stat_io.
const UP_TO_17 = "SELECT wal_sync AS syncs, wal_sync_time AS ms FROM pg_stat_wal";
const FROM_18 = "SELECT sum(fsyncs) AS syncs, sum(fsync_time) AS ms FROM pg_stat_io WHERE object = 'wal'";

type Server = { version: number; timed: boolean };
const servers = new Map<string, Promise<Server | null>>();

/** The admin URL's server version and timing setting, asked once per server: a sampler reads the counters twice a second. */
function serverAt(url: string): Promise<Server | null> {
  let server = servers.get(url);
  if (!server) {
    server = adminQuery<{ n: string; timed: string }>("SELECT current_setting('server_version_num') AS n, current_setting('track_wal_io_timing') AS timed", [], url).then(
      ([row]) => (row ? { version: Number(row.n), timed: row.timed === "on" } : null),
      () => null,
    );
    servers.set(url, server);
  }
  return server;
}

/** The counters now; null before PostgreSQL 14, which does not count flushes. */
export async function readWalCounters(): Promise<WalCounters | null> {
  const url = adminUrl();
  const server = await serverAt(url);
  if (!server || server.version < 140000) return null;
  const [row] = await adminQuery<{ syncs: string | null; ms: number | null }>(server.version >= 180000 ? FROM_18 : UP_TO_17, [], url);
  return { at: Date.now(), syncs: Number(row?.syncs ?? 0), syncMs: Number(row?.ms ?? 0), timed: server.timed };
}

/** The whole cluster's flushes while `work` ran (every database's; null before PostgreSQL 14, which does not count them). */
export async function walFlushesDuring<T>(work: () => Promise<T>): Promise<{ result: T; walFlushes: WalFlushes | null }> {
  const before = await readWalCounters();
  const result = await work();
  const after = await readWalCounters();
  if (!before || !after || after.at <= before.at) return { result, walFlushes: null };
  const syncs = after.syncs - before.syncs;
  const perSecond = Math.round((syncs / ((after.at - before.at) / 1000)) * 10) / 10;
  const meanMs = before.timed && after.timed && syncs > 0 ? Math.round(((after.syncMs - before.syncMs) / syncs) * 1000) / 1000 : null;
  return { result, walFlushes: { perSecond, meanMs } };
}
