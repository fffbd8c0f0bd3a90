// Runs before each integration test file: a fresh database cloned from the
// migrated template, configured as DATABASE_URL; before each test, every table
// is emptied and the reference data restored, so tests never see each other.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeEach, inject } from "vitest";
import { resetEnvForTests } from "@/env";
import { disconnectDb } from "@/server/db/client";
import { forgetChannelSettings } from "@/server/services/channels/channel-settings";
import { forgetRoutes } from "@/server/services/routing/route-cache";
import { resetFraudStateForTests } from "@/server/services/fraud/detection-store";
import { withDatabase } from "./database-names";

const templateUrl = inject("templateDatabaseUrl");
const runId = inject("runId");
const template = new URL(templateUrl).pathname.slice(1);
const name = `sandi_t_${runId}_${randomBytes(4).toString("hex")}`;

const maintenance = new pg.Client({ connectionString: templateUrl.replace(`/${template}`, "/postgres") });
await maintenance.connect();
await maintenance.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
await maintenance.end();

const databaseUrl = withDatabase(templateUrl, name);
process.env.DATABASE_URL = databaseUrl;
(process.env as Record<string, string>).NODE_ENV = "test";
// Vite sets BASE_URL to "/" for its own purposes; the service reads it as {base_url}.
process.env.BASE_URL = "http://localhost:3000";
process.env.APP_URL = "http://localhost:3000";
process.env.LOG_REQUESTS ??= "0";
// The concurrency storms queue 100–150 requests for the pool's 10 connections; on a loaded CI
// machine the last may wait longer than production's 10 s (fault-pool-held.test.ts tests the limit).
process.env.DB_POOL_WAIT_MS ??= "60000";
// Detection works from the first request (a prior stands in for history): suites about
// something else switch it off; the fraud tests set their merchants' level themselves.
process.env.FRAUD_GUARD_DEFAULT ??= "off";
process.env.WEBHOOK_ALLOW_PRIVATE_URLS ??= "1";
process.env.OTP_PEPPER ??= "test-pepper-test-pepper-test-pepper-0123";
process.env.SESSION_SECRET ??= "test-session-secret-test-session-secret-01";
process.env.PAYMENT_LINK_SECRET ??= "test-payment-link-secret-test-payment-012";
resetEnvForTests();

const reset = new pg.Client({ connectionString: databaseUrl });
await reset.connect();
const resetSql = await resetStatements(reset);

beforeEach(async () => {
  await reset.query(resetSql);
  forgetChannelSettings();
  forgetRoutes();
  resetFraudStateForTests();
});

/**
 * One batch (one transaction, one round trip) that empties every table but the reference
 * data, restarts their sequences and restores the reference rows. DELETE, not TRUNCATE:
 * TRUNCATE gives every table and index new files, about 0.7 s a test with fsync on (and a
 * merchant's CASCADE reaches most tables), while a DELETE of a test's few rows costs
 * nothing. Children go before the tables they reference; a table that refuses DELETE (the
 * append-only audit log) is truncated, only when it holds rows.
 */
async function resetStatements(client: pg.Client): Promise<string> {
  const { rows: tables } = await client.query<{ name: string; guarded: boolean }>(
    // Partitions go with their table (and may be dropped by a test's retention run).
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND (t.tgtype & 8) <> 0) AS guarded
       FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname NOT IN ('_prisma_migrations', 'payment_methods', 'channel_settings')`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace AND NOT c.relispartition AND c.oid <> p.oid`,
  );
  const { rows: sequences } = await client.query<{ sequence: string; start: string; owner: string }>(
    // The sequences TRUNCATE … RESTART IDENTITY would restart: those owned by a column (serial or identity).
    `SELECT s.oid::regclass::text AS sequence, q.seqstart::text AS start, t.relname AS owner
       FROM pg_class s JOIN pg_sequence q ON q.seqrelid = s.oid
       JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
      WHERE s.relkind = 'S'`,
  );
  const names = new Set(tables.map((t) => t.name));
  const quoted = (name: string) => `"${name}"`;
  const statements = [
    ...childrenFirst(tables.filter((t) => !t.guarded).map((t) => t.name), references).map((name) => `DELETE FROM ${quoted(name)}`),
    ...tables.filter((t) => t.guarded).map((t) => `DO $$ BEGIN IF EXISTS (SELECT 1 FROM ${quoted(t.name)}) THEN TRUNCATE ${quoted(t.name)} CASCADE; END IF; END $$`),
    ...sequences.filter((q) => names.has(q.owner)).map((q) => `SELECT setval('${q.sequence.replaceAll("'", "''")}', ${q.start}, false)`),
    `UPDATE channel_settings SET enabled = true`,
  ];
  const { rows: methods } = await client.query(`SELECT * FROM payment_methods ORDER BY id`);
  const columns = ["code", "name", "type", "bank_code", "fee_flat", "fee_bps", "min_amount", "max_amount", "active", "sort_order"];
  statements.push(
    `DELETE FROM payment_methods WHERE id > ${methods.length}`,
    `UPDATE payment_methods p SET ${columns.map((c) => `${c} = m.${c}`).join(", ")}
       FROM jsonb_populate_recordset(NULL::payment_methods, ${client.escapeLiteral(JSON.stringify(methods))}) m WHERE p.id = m.id`,
  );
  return statements.join(";\n");
}

/** The tables ordered so that each comes before every table it references (its rows go first). */
function childrenFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter((t) => !references.some((r) => r.parent === t && left.has(r.child)));
    if (!ready.length) throw new Error(`per-file-database: foreign keys form a cycle among ${[...left].join(", ")}; empty them with TRUNCATE`);
    for (const t of ready) {
      ordered.push(t);
      left.delete(t);
    }
  }
  return ordered;
}

afterAll(async () => {
  await disconnectDb();
  await reset.end();
});

export { databaseUrl };
