// A fresh benchmark database on the bench's PostgreSQL (BENCH_PG_ADMIN_URL): dropped, recreated and
// migrated with the project's own runner, so every run starts from the same state.
import pg from "pg";
import { migrate } from "@/server/db/migrate";

/** Read at each use: the bench points it at its own cluster once that is up (bench/lib/own-postgres.ts). */
export const adminUrl = (): string => process.env.BENCH_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = [], url = adminUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Drops and creates the database; migrates it with the working tree's runner unless told not to (the bench migrates with the build's own). */
export async function recreateDatabase(name: string, migrateIt = true): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  if (migrateIt) await migrate(url);
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
