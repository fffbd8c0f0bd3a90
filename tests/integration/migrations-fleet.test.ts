// The runner's two features for a database under traffic: migrations outside a
// transaction (CREATE INDEX CONCURRENTLY) and a lock_timeout on every statement.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { scratchDatabasesPerTest } from "../harness/scratch-database";
import { waitFor } from "../harness/wait-for";

const { scratch, afterThisTest } = scratchDatabasesPerTest();

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  afterThisTest(() => c.end().catch(() => undefined));
  return c;
}

function migrationsIn(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return readMigrations(dir);
}

const TABLE = `CREATE TABLE t (id bigint PRIMARY KEY, v text);`;
const CONCURRENT = `-- sandi:no-transaction
-- Idempotent, so a failed run can run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS t_v_idx ON t (v);
DO $$ BEGIN PERFORM 1; END $$;`;

describe("non-transactional migrations", () => {
  it("apply CREATE INDEX CONCURRENTLY statement by statement and are recorded like the others", async () => {
    const url = await scratch();
    const migrations = migrationsIn({ "20260101000000_t": TABLE, "20260101000001_t_v_index": CONCURRENT });
    expect(await migrate(url, migrations)).toEqual({ applied: ["20260101000000_t", "20260101000001_t_v_index"], alreadyApplied: [] });
    const c = await connect(url);
    const index = await c.query(`SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 't_v_idx'`);
    expect(index.rows).toEqual([{ indisvalid: true }]);
    const row = await c.query(`SELECT checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE migration_name = '20260101000001_t_v_index'`);
    expect(row.rows).toEqual([{ checksum: createHash("sha256").update(CONCURRENT).digest("hex"), finished: true }]);
    expect(await migrate(url, migrations)).toEqual({ applied: [], alreadyApplied: ["20260101000000_t", "20260101000001_t_v_index"] });
  });

  it("leave no record when a statement fails, so the same migration runs again from its first statement", async () => {
    const url = await scratch();
    const sql = `-- sandi:no-transaction
CREATE TABLE IF NOT EXISTS gate (id int);
CREATE INDEX CONCURRENTLY IF NOT EXISTS gate_id_idx ON gate (id);
SELECT 1 / (SELECT count(*)::int FROM gate);`;
    const migrations = migrationsIn({ "20260101000000_gate": sql });
    await expect(migrate(url, migrations)).rejects.toThrow(/20260101000000_gate failed: division by zero/);
    const c = await connect(url);
    expect((await c.query(`SELECT * FROM _prisma_migrations`)).rows).toEqual([]);
    await c.query(`INSERT INTO gate VALUES (1)`);
    expect((await migrate(url, migrations)).applied).toEqual(["20260101000000_gate"]);
  });
});

describe("lock_timeout", () => {
  it("fails a migration blocked by another session's lock with a clear message and applies none of it", async () => {
    const url = await scratch();
    await migrate(url, migrationsIn({ "20260101000000_t": TABLE }));
    const holder = await connect(url);
    await holder.query(`BEGIN; SELECT * FROM t`); // an open transaction holding ACCESS SHARE, as a slow report would
    const blocked = migrationsIn({
      "20260101000000_t": TABLE,
      "20260101000001_add_w": `CREATE TABLE side (id int); ALTER TABLE t ADD COLUMN w int;`,
    });
    await expect(migrate(url, blocked, { lockTimeoutMs: 200 })).rejects.toThrow(
      /20260101000001_add_w failed: it waited more than 200 ms for a lock .*3 attempts.*nothing of it was applied.*Run it again/,
    );
    await holder.query(`ROLLBACK`);
    const c = await connect(url);
    expect((await c.query(`SELECT to_regclass('side') AS side`)).rows).toEqual([{ side: null }]);
    expect((await c.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 't' ORDER BY column_name`)).rows).toEqual([
      { column_name: "id" },
      { column_name: "v" },
    ]);
    expect((await c.query(`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`)).rows).toEqual([{ migration_name: "20260101000000_t" }]);
    // Once the other session is gone the same migration applies.
    expect((await migrate(url, blocked, { lockTimeoutMs: 200 })).applied).toEqual(["20260101000001_add_w"]);
  });

  it("lets the queries behind a waiting migration through once it gives up", async () => {
    const url = await scratch();
    await migrate(url, migrationsIn({ "20260101000000_t": TABLE }));
    const holder = await connect(url);
    await holder.query(`BEGIN; SELECT * FROM t`);
    const running = migrate(url, migrationsIn({ "20260101000000_t": TABLE, "20260101000001_add_w": `ALTER TABLE t ADD COLUMN w int;` }), { lockTimeoutMs: 300 }).catch(
      (err: Error) => err,
    );
    const reader = await connect(url);
    await waitFor(async () => (await reader.query(`SELECT 1 FROM pg_locks WHERE relation = 't'::regclass AND NOT granted`)).rowCount! > 0, {
      timeoutMs: 10_000,
      what: "the migration waiting for its lock",
    });
    // A reader queued behind the migration's ACCESS EXCLUSIVE request is answered once the request times out, not when the holder ends.
    expect((await reader.query(`SELECT count(*)::int AS n FROM t`)).rows).toEqual([{ n: 0 }]);
    expect(await running).toBeInstanceOf(Error);
    await holder.query(`ROLLBACK`);
  });
});
