// What a process does with the schema when it starts. A fleet migrates in a step of its
// own (`otpctl migrate`, a job) before new code rolls out; instances only check that the
// database has every migration their code knows. A database AHEAD of the code (migrations
// this code does not know) is accepted: that is an instance still on the previous release
// while the next one rolls out, which expand/contract migrations keep working
// (docs/migrations.md). The embedded default keeps migrating by itself, so `npm start`
// stays one command; MIGRATE_AT_START=1 opts a single-instance DATABASE_URL deployment in.
import pg from "pg";
import { getEnv } from "@/env";
import { migrate, pendingMigrations, readMigrations } from "./migrate";
import { goesThroughPooler } from "./pooler";

export class SchemaError extends Error {}

/** Applies pending migrations where this process may, else checks; returns the names it applied. */
export async function prepareSchema(url: string, options: { mayMigrate: boolean }): Promise<string[]> {
  const env = getEnv();
  if (!env.DATABASE_URL) return (await migrate(url)).applied;
  if (options.mayMigrate && env.MIGRATE_AT_START) return (await migrate(env.MIGRATION_DATABASE_URL ?? url)).applied;
  await checkSchema(url);
  return [];
}

/** Refuses a database that lacks a migration this code needs, or a pooler the app was not told about. */
export async function checkSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (getEnv().DB_POOLER === "none" && (await goesThroughPooler(client))) {
      throw new SchemaError(
        "DATABASE_URL goes through a connection pooler (PgBouncer), where named prepared statements fail: set DB_POOLER=pgbouncer (docs/configuration.md#pgbouncer).",
      );
    }
    const missing = await missingMigrations(client);
    if (missing.length) {
      throw new SchemaError(
        `The database at DATABASE_URL is older than this code: it lacks ${missing.length} migration(s) (${missing.join(", ")}). Run \`otpctl migrate\` (with MIGRATION_DATABASE_URL pointing at PostgreSQL directly) before starting this release; see docs/migrations.md.`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Migrations in this code's prisma/migrations that the database has not finished applying. */
export async function missingMigrations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ exists: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`);
  if (!rows[0].exists) return readMigrations().map((m) => m.name);
  return pendingMigrations(async (sql) => (await client.query<{ migration_name: string }>(sql)).rows);
}
