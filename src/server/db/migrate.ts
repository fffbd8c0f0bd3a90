// Applies prisma/migrations/<ts>_<name>/migration.sql in order, once each, recording
// them in Prisma's own _prisma_migrations table (same columns, SHA-256 checksum, same
// advisory lock) so `prisma migrate deploy` agrees where its engine is available (it
// cannot be downloaded here). Every statement waits at most lock_timeout for a lock,
// so one stuck behind a long transaction on a hot table fails fast instead of queueing
// all traffic behind it (docs/data-retention.md, "Migrations that run under traffic").
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { refuseThroughPooler } from "./pooler";
import { splitSqlStatements } from "./sql-statements";

const PRISMA_MIGRATE_LOCK = 72707369;
/**
 * A migration whose first line is this runs statement by statement outside a
 * transaction (CREATE INDEX CONCURRENTLY needs that); it is recorded only once every
 * statement succeeded, so a failed one runs again from its first statement: such
 * migrations must be idempotent (IF NOT EXISTS, …).
 */
export const NO_TRANSACTION_MARKER = "-- sandi:no-transaction";
/** A migration that timed out on a lock is tried this often in all, a little later each time. */
const LOCK_ATTEMPTS = 3;
/** Long enough for the short transactions of the hot path, short enough that traffic queued behind the migration's lock request barely notices. */
export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
const LOCK_RETRY_PAUSE_MS = 1_000;
const LOCK_NOT_AVAILABLE = "55P03";
const MIGRATE_LOCK_POLL_MS = 100;

export type Migration = { name: string; sql: string; checksum: string };
export type MigrationResult = { applied: string[]; alreadyApplied: string[] };
export type MigrateOptions = { lockTimeoutMs?: number };

export function migrationsDir(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(/*turbopackIgnore: true*/ path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

export async function migrate(databaseUrl: string, migrations = readMigrations(), options: MigrateOptions = {}): Promise<MigrationResult> {
  const lockTimeoutMs = Math.trunc(options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await refuseThroughPooler(client);
    await takeMigrateLock(client);
    // After the advisory lock: waiting for another migrator is expected, waiting on a table is not.
    await client.query(`SET lock_timeout = ${lockTimeoutMs}`);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const byName = new Map(rows.map((r) => [r.migration_name, r]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const m of migrations) {
      const row = byName.get(m.name);
      if (row?.finished_at) {
        if (row.checksum !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied (checksum differs). Add a new migration instead.`);
        result.alreadyApplied.push(m.name);
        continue;
      }
      if (row) throw new Error(`Migration ${m.name} failed earlier and is recorded as unfinished; resolve it by hand before migrating again.`);
      await applyWithRetry(client, m, lockTimeoutMs);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Polls instead of waiting in pg_advisory_lock: a waiting call is an open transaction,
 * which the lock processWide's CREATE INDEX CONCURRENTLY would wait for in turn (a deadlock).
 */
async function takeMigrateLock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [PRISMA_MIGRATE_LOCK]);
    if (rows[0].locked) return;
    await new Promise((resolve) => setTimeout(resolve, MIGRATE_LOCK_POLL_MS));
  }
}

export function isNonTransactional(m: Migration): boolean {
  return m.sql.split("\n", 1)[0].trimEnd() === NO_TRANSACTION_MARKER;
}

async function applyWithRetry(client: pg.Client, m: Migration, lockTimeoutMs: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (isNonTransactional(m) ? applyStatementByStatement(client, m) : applyInTransaction(client, m));
    } catch (err) {
      const lockTimedOut = (err as { code?: string }).code === LOCK_NOT_AVAILABLE;
      if (lockTimedOut && attempt < LOCK_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, attempt * LOCK_RETRY_PAUSE_MS));
        continue;
      }
      if (!lockTimedOut) throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      const left = isNonTransactional(m)
        ? "its statements that ran are idempotent and run again next time"
        : "nothing of it was applied";
      throw new Error(
        `Migration ${m.name} failed: it waited more than ${lockTimeoutMs} ms for a lock another session holds on a table it changes ` +
          `(${attempt} attempts; ${(err as Error).message}); ${left}. Run it again when that session has finished (pg_stat_activity shows it).`,
      );
    }
  }
}

async function record(client: pg.Client, m: Migration): Promise<void> {
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 1)`,
    [randomUUID(), m.checksum, m.name],
  );
}

async function applyInTransaction(client: pg.Client, m: Migration): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(m.sql);
    await record(client, m);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  }
}

/** Each statement commits on its own; the migration is recorded once all of them did. */
async function applyStatementByStatement(client: pg.Client, m: Migration): Promise<void> {
  const statements = splitSqlStatements(m.sql);
  for (const statement of statements) await client.query(statement);
  await record(client, m);
}

/** Names of migrations in prisma/migrations that the database has not applied. */
export async function pendingMigrations(query: (sql: string) => Promise<{ migration_name: string }[]>): Promise<string[]> {
  const applied = new Set(
    (await query(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)).map((r) => r.migration_name),
  );
  return readMigrations().map((m) => m.name).filter((n) => !applied.has(n));
}
