// Where PostgreSQL's time goes, statement by statement: pg_stat_statements over a
// phase (or a pgbench run) on one benchmark database, per request (or transaction).
// Only where the cluster preloads the module (the bench's own cluster does,
// bench/lib/own-postgres.ts); a shared server is never changed for it.
import { adminQuery } from "./database";

export type StatementRow = {
  /** Normalised text ($1, $2 … for constants), cut to STATEMENT_CHARS. */
  query: string;
  callsPerRequest: number;
  /** Execution time (wall clock inside the backend: CPU, and waits for locks or I/O), µs per request. */
  execMicrosPerRequest: number;
  rowsPerRequest: number;
  /** WAL the statement wrote, bytes per request. */
  walBytesPerRequest: number;
  /** Of all statements' execution time in the phase. */
  sharePercent: number;
};

export type StatementFigures = {
  /** Requests (or pgbench transactions) the figures are divided by, over every run added. */
  requests: number;
  statementsPerRequest: number;
  execMicrosPerRequest: number;
  walBytesPerRequest: number;
  top: StatementRow[];
};

const STATEMENT_CHARS = 400;
const TOP = 12;

type Raw = { queryid: string; query: string; calls: string; exec_ms: number; rows: string; wal_bytes: string };

/**
 * Whether pg_stat_statements can be read on the bench's cluster. The bench's own cluster gets the
 * extension's view in its admin database; on a shared server it must be there already (nothing is created).
 */
export async function statementsAvailable(ownCluster: boolean): Promise<boolean> {
  const [{ libs }] = await adminQuery<{ libs: string }>("SELECT current_setting('shared_preload_libraries') AS libs");
  if (!libs.split(",").some((l) => l.trim() === "pg_stat_statements")) return false;
  if (ownCluster) await adminQuery("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  const [{ installed }] = await adminQuery<{ installed: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements') AS installed");
  return installed;
}

/** Forgets the database's statement statistics (other databases' are kept). */
export async function resetStatements(dbName: string): Promise<void> {
  await adminQuery("SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = $1), 0)", [dbName]);
}

async function readStatements(dbName: string): Promise<Raw[]> {
  return adminQuery<Raw>(
    `SELECT queryid::text AS queryid, left(query, ${STATEMENT_CHARS}) AS query, calls::text AS calls,
            total_exec_time AS exec_ms, rows::text AS rows, wal_bytes::text AS wal_bytes
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = $1`,
    [dbName],
  );
}

/** Sums one database's statements over several runs (the repeats of a phase), then divides by their requests. */
export class StatementTally {
  private byId = new Map<string, { query: string; calls: number; execMs: number; rows: number; walBytes: number }>();
  private requests = 0;

  /** Reads what the database did since the last reset, for `requests` answered requests. */
  async add(dbName: string, requests: number): Promise<void> {
    for (const r of await readStatements(dbName)) {
      const seen = this.byId.get(r.queryid) ?? { query: r.query, calls: 0, execMs: 0, rows: 0, walBytes: 0 };
      seen.calls += Number(r.calls);
      seen.execMs += Number(r.exec_ms);
      seen.rows += Number(r.rows);
      seen.walBytes += Number(r.wal_bytes);
      this.byId.set(r.queryid, seen);
    }
    this.requests += requests;
  }

  figures(): StatementFigures | null {
    if (!this.requests || !this.byId.size) return null;
    const all = [...this.byId.values()];
    const per = (v: number, digits = 2) => Math.round((v / this.requests) * 10 ** digits) / 10 ** digits;
    const execMs = all.reduce((s, x) => s + x.execMs, 0);
    const top = all
      .sort((a, b) => b.execMs - a.execMs)
      .slice(0, TOP)
      .map((x) => ({
        query: x.query.replace(/\s+/g, " ").trim(),
        callsPerRequest: per(x.calls, 3),
        execMicrosPerRequest: per(x.execMs * 1000, 1),
        rowsPerRequest: per(x.rows, 3),
        walBytesPerRequest: per(x.walBytes, 0),
        sharePercent: execMs ? Math.round((x.execMs / execMs) * 1000) / 10 : 0,
      }));
    return {
      requests: this.requests,
      statementsPerRequest: per(all.reduce((s, x) => s + x.calls, 0), 3),
      execMicrosPerRequest: per(execMs * 1000, 1),
      walBytesPerRequest: per(all.reduce((s, x) => s + x.walBytes, 0), 0),
      top,
    };
  }
}
