import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { createScratchDatabase } from "../harness/scratch-database";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch() {
  const db = await createScratchDatabase();
  cleanups.push(db.drop);
  return db.url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

function migrationsIn(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("migration runner", () => {
  it("applies every migration in order once and records it like Prisma (checksum = SHA-256 of migration.sql)", async () => {
    const url = await scratch();
    const first = await migrate(url);
    expect(first.applied).toEqual(readMigrations().map((m) => m.name));
    const second = await migrate(url);
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied });
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY started_at`,
    );
    const sql = readMigrations()[0].sql;
    expect(rows[0]).toMatchObject({ migration_name: first.applied[0], checksum: createHash("sha256").update(sql).digest("hex"), applied_steps_count: 1 });
    expect(rows[0].finished_at).toBeInstanceOf(Date);
  });

  it("applies a migration once when two processes migrate at the same time", async () => {
    const url = await scratch();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(results.flatMap((r) => r.applied)).toHaveLength(readMigrations().length);
    const rows = await query<{ n: string }>(url, `SELECT count(*) AS n FROM _prisma_migrations`);
    expect(Number(rows[0].n)).toBe(readMigrations().length);
  });

  it("refuses to continue when an applied migration was edited afterwards", async () => {
    const url = await scratch();
    await migrate(url, readMigrations(migrationsIn({ "20260101000000_a": "CREATE TABLE a (id int);" })));
    const edited = readMigrations(migrationsIn({ "20260101000000_a": "CREATE TABLE a (id bigint);" }));
    await expect(migrate(url, edited)).rejects.toThrow(/changed after it was applied/);
  });

  it("rolls back a failing migration completely and records nothing, so it can be fixed and re-run", async () => {
    const url = await scratch();
    const broken = readMigrations(migrationsIn({ "20260101000000_a": "CREATE TABLE a (id int); SELECT no_such_function();" }));
    await expect(migrate(url, broken)).rejects.toThrow(/20260101000000_a failed/);
    expect(await query(url, `SELECT * FROM _prisma_migrations`)).toEqual([]);
    expect(await query(url, `SELECT * FROM pg_tables WHERE tablename = 'a'`)).toEqual([]);
  });

  it("applies migrations in name (timestamp) order", async () => {
    const url = await scratch();
    const dir = migrationsIn({
      "20260102000000_b": "ALTER TABLE a ADD COLUMN b int;",
      "20260101000000_a": "CREATE TABLE a (id int);",
    });
    expect((await migrate(url, readMigrations(dir))).applied).toEqual(["20260101000000_a", "20260102000000_b"]);
  });

  it("gives every merchant that existed before test mode a test world with 1,000,000 test credits, its ledger row and a test key", async () => {
    const url = await scratch();
    const all = readMigrations();
    const before = all.filter((m) => m.name < "20261125090000_test_mode");
    await migrate(url, before);
    await query(url, `INSERT INTO merchants (merchant_id, name, email, saldo, updated_at) VALUES ('mch_old', 'Toko Lama', 'lama@toko.id', 777, now())`);
    await migrate(url, all);
    const [world] = await query<{ id: number; saldo: string; merchant_id: string }>(
      url,
      `SELECT w.id, w.saldo::text AS saldo, w.merchant_id FROM merchants w JOIN merchants l ON l.id = w.live_merchant_id WHERE l.merchant_id = 'mch_old'`,
    );
    expect(world.saldo).toBe("1000000");
    const ledger = await query<{ amount: string; balance_after: string }>(url, `SELECT amount::text, balance_after::text FROM ledger_entries WHERE merchant_id = ${world.id}`);
    expect(ledger).toEqual([{ amount: "1000000", balance_after: "1000000" }]);
    const keys = await query<{ prefix: string; key_hash: string }>(url, `SELECT prefix, key_hash FROM api_keys WHERE merchant_id = ${world.id}`);
    expect(keys).toHaveLength(1);
    expect(keys[0].prefix).toMatch(/^sk_test_[0-9a-f]{4}$/);
    expect(keys[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    const [live] = await query<{ saldo: string }>(url, `SELECT saldo::text AS saldo FROM merchants WHERE merchant_id = 'mch_old'`);
    expect(live.saldo).toBe("777");
  });
});
