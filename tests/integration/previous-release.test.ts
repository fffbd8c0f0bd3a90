// A rolling upgrade runs the previous release's instances against the new schema until
// the last of them is replaced. This runs that release's own /v3 happy-path tests
// (creation, verification, reading, account, top-ups) against databases migrated with
// THIS tree's migrations, so a migration that is not expand-only (a dropped or renamed
// column, a new NOT NULL column without a default, a changed function) fails here.
// The previous release is the commit named in prisma/previous-release (docs/migrations.md).
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { withDatabase } from "../harness/database-names";
import { checkOutPreviousRelease, type PreviousRelease } from "../harness/previous-release";

let previous: PreviousRelease;

beforeAll(() => {
  previous = checkOutPreviousRelease();
}, 300_000);

afterAll(() => previous?.remove());

/** The previous release's happy-path files of every /v3 area. */
function happyPathFiles(dir: string): string[] {
  const v3 = path.join(dir, "tests", "integration", "v3");
  return readdirSync(v3)
    .map((area) => path.join("tests", "integration", "v3", area, "happy.test.ts"))
    .filter((file) => existsSync(path.join(dir, file)));
}

describe("the previous release against this release's schema", () => {
  // About 50 s on a quiet 2-core machine; a machine that also runs the rest of the suite and other work has taken 212 s.
  it("passes its own /v3 happy-path tests on a database migrated with the new migrations", () => {
    const files = happyPathFiles(previous.dir);
    expect(files.length).toBeGreaterThanOrEqual(4);
    // Only what that release's harness reads: the same PostgreSQL server and Redis as this run.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: "test" as const,
      TEST_DATABASE_URL: withDatabase(inject("templateDatabaseUrl"), "postgres"),
      ...(process.env.TEST_REDIS_URL ? { TEST_REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    };
    const vitest = path.join(previous.dir, "node_modules", "vitest", "vitest.mjs");
    const result = spawnSync(process.execPath, [vitest, "run", "--project", "integration", ...files], { cwd: previous.dir, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, `commit ${previous.commit}'s happy paths failed on the new schema:\n${output.slice(-6000)}`).toBe(0);
    expect(output).toMatch(/Test Files\s+.*\d+ passed/);
  }, 420_000);
});
