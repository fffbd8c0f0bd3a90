// Tables partitioned by UTC day (docs/data-retention.md): the worker creates the
// coming days' partitions ahead of time and drops those wholly past retention, so
// retention costs one catalog change per day instead of a DELETE per row.
//
// This is DDL at run time, so it runs on its own connection to the DDL-capable
// address (resolveDdlDatabaseUrl: MIGRATION_DATABASE_URL when set, never through a
// transaction pooler) and with a short lock_timeout: it only ever takes
// SHARE UPDATE EXCLUSIVE on the parent (ATTACH, DETACH … CONCURRENTLY), which
// neither reads nor writes wait for, and the exclusive lock of DROP TABLE falls on
// a partition already detached. Several workers may run it at once: an advisory
// lock per table lets one do the work while the others skip it.
import pg from "pg";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Partitions kept ready ahead: a worker that is down for less than this loses nothing. */
export const DAYS_AHEAD = 7;
const LOCK_TIMEOUT_MS = 2_000;
/** Advisory lock namespace (first key), the table's oid is the second. */
const MAINTENANCE_LOCK = 72707370;

export type PartitionMaintenance = { created: string[]; dropped: string[]; estimatedRowsDropped: number };

/** A range partition; lower is null for MINVALUE, upper for MAXVALUE. */
type PartitionRow = { name: string; lower: Date | null; upper: Date | null; pending: boolean; reltuples: number };

export function utcDay(t: Date): Date {
  return new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
}

export function partitionName(table: string, day: Date): string {
  return `${table}_${day.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

async function partitions(client: pg.Client, table: string): Promise<PartitionRow[]> {
  const { rows } = await client.query<PartitionRow>(
    `SELECT c.relname AS name, c.reltuples::float8 AS reltuples, i.inhdetachpending AS pending,
            substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \\(''([^'']+)''\\)')::timestamptz AS lower,
            substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz AS upper
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass`,
    [table],
  );
  return rows;
}

/**
 * Creates the partitions for today and the next DAYS_AHEAD days that are missing and
 * drops every partition whose whole range ended at or before `now - retentionDays`
 * (so a row goes between retentionDays and retentionDays + 1 day after it was written).
 */
export async function maintainDailyPartitions(databaseUrl: string, table: string, retentionDays: number, now = new Date()): Promise<PartitionMaintenance> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "sandi-partitions" });
  await client.connect();
  const result: PartitionMaintenance = { created: [], dropped: [], estimatedRowsDropped: 0 };
  try {
    await client.query(`SET lock_timeout = ${LOCK_TIMEOUT_MS}`);
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock($1, $2::regclass::oid::int) AS locked`, [MAINTENANCE_LOCK, table]);
    if (!rows[0].locked) return result;
    try {
      const existing = await partitions(client, table);
      const covered = (day: Date) =>
        existing.some((p) => !p.pending && (p.lower === null || p.lower <= day) && (p.upper === null || p.upper > day));
      for (let i = 0; i <= DAYS_AHEAD; i++) {
        const day = new Date(utcDay(now).getTime() + i * DAY_MS);
        if (covered(day)) continue;
        const name = partitionName(table, day);
        // Created on its own, then attached: CREATE … PARTITION OF would lock the parent exclusively.
        await client.query(`CREATE TABLE IF NOT EXISTS "${name}" (LIKE "${table}" INCLUDING DEFAULTS)`);
        await client.query(`ALTER TABLE "${table}" ATTACH PARTITION "${name}" FOR VALUES FROM ('${day.toISOString()}') TO ('${new Date(day.getTime() + DAY_MS).toISOString()}')`);
        result.created.push(name);
      }
      const cutoff = now.getTime() - retentionDays * DAY_MS;
      for (const p of existing) {
        if (p.upper === null || p.upper.getTime() > cutoff) continue;
        // A DETACH … CONCURRENTLY interrupted earlier is finished first.
        await client.query(`ALTER TABLE "${table}" DETACH PARTITION "${p.name}" ${p.pending ? "FINALIZE" : "CONCURRENTLY"}`);
        await client.query(`DROP TABLE "${p.name}"`);
        result.dropped.push(p.name);
        result.estimatedRowsDropped += Math.max(0, p.reltuples);
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock($1, $2::regclass::oid::int)`, [MAINTENANCE_LOCK, table]);
    }
    return result;
  } finally {
    await client.end();
  }
}
