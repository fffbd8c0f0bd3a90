// Applies prisma/migrations/<ts>_<name>/migration.sql in order, once each,
// recording them in Prisma's own _prisma_migrations table (same columns, SHA-256
// checksum, same advisory lock) so `prisma migrate deploy` agrees where its
// engine is available. Prisma's schema engine cannot be downloaded here.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { refuseThroughPooler } from "./pooler";

const PRISMA_MIGRATE_LOCK = 72707369;

export type Migration = { name: string; sql: string; checksum: string };
export type MigrationResult = { applied: string[]; alreadyApplied: string[] };

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

export async function migrate(databaseUrl: string, migrations = readMigrations()): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await refuseThroughPooler(client);
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
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
      await applyOne(client, m);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

async function applyOne(client: pg.Client, m: Migration): Promise<void> {
  const id = randomUUID();
  await client.query("BEGIN");
  try {
    await client.query(m.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 1)`,
      [id, m.checksum, m.name],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
  }
}

/** Names of migrations in prisma/migrations that the database has not applied. */
export async function pendingMigrations(query: (sql: string) => Promise<{ migration_name: string }[]>): Promise<string[]> {
  const applied = new Set(
    (await query(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)).map((r) => r.migration_name),
  );
  return readMigrations().map((m) => m.name).filter((n) => !applied.has(n));
}
