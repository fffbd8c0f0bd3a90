// Start-up against a configured DATABASE_URL only checks the schema (docs/migrations.md):
// older than the code → refused, naming `otpctl migrate`; newer (migrations this code does
// not know, as during a rolling upgrade) → accepted. Migrating is a step of its own,
// `otpctl migrate`, on MIGRATION_DATABASE_URL; MIGRATE_AT_START=1 opts a single instance in.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { checkSchema } from "@/server/db/schema-check";
import { otpctlProcessJson } from "../harness/otpctl";
import { createScratchDatabase } from "../harness/scratch-database";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch(): Promise<string> {
  const db = await createScratchDatabase();
  cleanups.push(db.drop);
  return db.url;
}

/** A database one migration behind this code. */
async function olderDatabase(): Promise<{ url: string; newest: string }> {
  const url = await scratch();
  const all = readMigrations();
  await migrate(url, all.slice(0, -1));
  return { url, newest: all[all.length - 1].name };
}

/** A process as operators start it (node with tsx as a loader), its exit code and output. */
function runEntry(script: string, env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-schema-")), ...env } });
    let output = "";
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (until?.test(output)) child.kill("SIGTERM");
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
  });
}

describe("the schema check at start-up", { timeout: 90_000 }, () => {
  it("refuses a database older than the code, naming the missing migration and otpctl migrate", async () => {
    const { url, newest } = await olderDatabase();
    await expect(checkSchema(url)).rejects.toThrow(new RegExp(`older than this code: it lacks 1 migration\\(s\\) \\(${newest}\\)\\. Run \`otpctl migrate\``));
  });

  it("accepts a database newer than the code (a migration it does not know, as while the next release rolls out)", async () => {
    const url = await scratch();
    const future = { name: "29991231000000_next_release", sql: "CREATE TABLE next_release_table (id bigint);", checksum: "0".repeat(64) };
    await migrate(url, [...readMigrations(), future]);
    await expect(checkSchema(url)).resolves.toBeUndefined();
  });

  it("npm start and the worker stop on an older schema with that message, and leave the schema as it was", async () => {
    const { url, newest } = await olderDatabase();
    const app = await runEntry("src/cli/start.ts", { DATABASE_URL: url });
    expect(app.code).toBe(1);
    expect(app.output).toContain(`lacks 1 migration(s) (${newest}). Run \`otpctl migrate\``);
    expect(app.output).not.toMatch(/at .*\.ts:\d+/);
    const worker = await runEntry("src/cli/worker.ts", { DATABASE_URL: url });
    expect(worker.code).toBe(1);
    expect(worker.output).toContain("Run `otpctl migrate`");
    await expect(checkSchema(url)).rejects.toThrow(/lacks 1 migration/);
  });

  it("MIGRATE_AT_START=1 lets a single-instance deployment migrate at start instead", async () => {
    const { url } = await olderDatabase();
    const worker = await runEntry("src/cli/worker.ts", { DATABASE_URL: url, MIGRATE_AT_START: "1" }, /worker started/);
    expect(worker.output).toContain("worker started");
    await expect(checkSchema(url)).resolves.toBeUndefined();
  });

  it("otpctl migrate migrates MIGRATION_DATABASE_URL, not DATABASE_URL (which may be a pooler)", async () => {
    const url = await scratch();
    const result = await otpctlProcessJson(["migrate"], { DATABASE_URL: "postgresql://nobody@127.0.0.1:1/unreachable", MIGRATION_DATABASE_URL: url });
    expect(result).toEqual({ applied: readMigrations().map((m) => m.name), alreadyApplied: [] });
    await expect(checkSchema(url)).resolves.toBeUndefined();
  });
});
