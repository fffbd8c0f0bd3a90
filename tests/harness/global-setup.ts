// Integration tests run against a real PostgreSQL: TEST_DATABASE_URL when set
// (CI's second pass points it at this machine's server), else the embedded server
// in a throw-away DATA_DIR. One template database is migrated once; every test file
// then gets its own copy (CREATE DATABASE … TEMPLATE), and every test a clean state.
// Redis likewise: TEST_REDIS_URL when set, else a throw-away redis-server. Tests
// read both from here (inject), never from the environment, so `npm test` with
// nothing set runs the same tests as CI.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres } from "@/dev/embedded-postgres";
import { migrate } from "@/server/db/migrate";
import { withDatabase } from "./database-names";
import { bundleOtpctl } from "./otpctl-bundle";
import { startRedisServer } from "./redis-server";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    runId: string;
    /** The Redis the tests use (a key prefix of their own keeps them apart). */
    redisUrl: string;
    /** otpctl bundled for this run (otpctl.ts runs it). */
    otpctlBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const otpctl = await bundleOtpctl(runId);
  project.provide("otpctlBundle", otpctl.file);
  const redis = process.env.TEST_REDIS_URL ? undefined : await startRedisServer();
  project.provide("redisUrl", process.env.TEST_REDIS_URL ?? redis!.url);
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-test-pg-"));
    const server = await ensureEmbeddedPostgres(dataDir);
    serverUrl = server.url;
    stopEmbedded = server.stop;
  }
  const template = `sandi_tmpl_${runId}`;
  await admin(serverUrl, `CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(serverUrl, template);
  await migrate(templateUrl);
  project.provide("templateDatabaseUrl", templateUrl);
  project.provide("runId", runId);

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`sandi_%${runId}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    await client.end();
    otpctl.remove();
    await redis?.stop();
    if (stopEmbedded) await stopEmbedded();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
