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
const { rows } = await reset.query<{ tablename: string }>(
  // Partitions go with their table (and may be dropped by a test's retention run).
  `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'payment_methods', 'channel_settings')
     AND tablename NOT IN (SELECT relname FROM pg_class WHERE relispartition)`,
);
const truncate = `TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`;
const snapshot = await reset.query(`SELECT * FROM payment_methods ORDER BY id`);

beforeEach(async () => {
  await reset.query(truncate);
  await reset.query(`UPDATE channel_settings SET enabled = true`);
  forgetChannelSettings();
  forgetRoutes();
  resetFraudStateForTests();
  await reset.query(`DELETE FROM payment_methods WHERE id > $1`, [snapshot.rows.length]);
  for (const m of snapshot.rows) {
    await reset.query(
      `UPDATE payment_methods SET code=$2, name=$3, type=$4, bank_code=$5, fee_flat=$6, fee_bps=$7, min_amount=$8, max_amount=$9, active=$10, sort_order=$11 WHERE id=$1`,
      [m.id, m.code, m.name, m.type, m.bank_code, m.fee_flat, m.fee_bps, m.min_amount, m.max_amount, m.active, m.sort_order],
    );
  }
});

afterAll(async () => {
  await disconnectDb();
  await reset.end();
});

export { databaseUrl };
