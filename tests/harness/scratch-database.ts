import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, inject } from "vitest";
import { withDatabase } from "./database-names";

/** An empty database on the test server (not cloned from the migrated template). */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const templateUrl = inject("templateDatabaseUrl");
  const name = `sandi_s_${inject("runId")}_${randomBytes(4).toString("hex")}`;
  const admin = withDatabase(templateUrl, "postgres");
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return { url: withDatabase(templateUrl, name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Empty databases (and other things to close) for the tests of one file, dropped after each test. */
export function scratchDatabasesPerTest() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return {
    afterThisTest: (cleanup: () => Promise<void>) => cleanups.push(cleanup),
    async scratch(): Promise<string> {
      const db = await createScratchDatabase();
      cleanups.push(db.drop);
      return db.url;
    },
  };
}
