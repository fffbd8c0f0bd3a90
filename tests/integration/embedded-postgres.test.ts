// The embedded server belongs to the processes that use it: the last live user to
// leave stops it, whoever started it, and a user killed outright does not keep it
// alive. Each test uses its own DATA_DIR and real processes.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertReachable, ensureEmbeddedPostgres, stopEmbeddedPostgres } from "@/dev/embedded-postgres";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) {
    await stopEmbeddedPostgres(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-embedded-"));
  dirs.push(dir);
  return dir;
}

const running = (dir: string) => existsSync(path.join(dir, "pg", "postmaster.pid"));

/** Another process using the server, as `npm start` would; resolves once it is attached. */
async function otherUser(dir: string): Promise<ChildProcess> {
  // node --import tsx, not the tsx wrapper: a signal must reach the process that registered itself.
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "harness", "embedded-user.ts"), dir], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`embedded-user exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));

describe("the embedded server's lifetime", () => {
  it("keeps running for a process that attached when the one that started it leaves; the last to leave stops it", async () => {
    const dir = dataDir();
    const starter = await ensureEmbeddedPostgres(dir);
    const attached = await otherUser(dir);
    await starter.stop();
    expect(running(dir)).toBe(true);
    attached.kill("SIGTERM");
    await exited(attached);
    expect(running(dir)).toBe(false);
  }, 60_000);

  it("is stopped on SIGINT by the process that initialised a fresh data directory", async () => {
    const dir = dataDir();
    const user = await otherUser(dir);
    expect(running(dir)).toBe(true);
    user.kill("SIGINT");
    expect(await exited(user)).toBe(0);
    expect(running(dir)).toBe(false);
  }, 60_000);

  it("is not kept alive by a user that was killed outright", async () => {
    const dir = dataDir();
    const killed = await otherUser(dir);
    const survivor = await ensureEmbeddedPostgres(dir);
    killed.kill("SIGKILL");
    await exited(killed);
    expect(running(dir)).toBe(true);
    await survivor.stop();
    expect(running(dir)).toBe(false);
  }, 60_000);

  it("lets a process attach again after the server was stopped, starting it anew", async () => {
    const dir = dataDir();
    await (await ensureEmbeddedPostgres(dir)).stop();
    expect(running(dir)).toBe(false);
    const again = await ensureEmbeddedPostgres(dir);
    expect(running(dir)).toBe(true);
    await again.stop();
  }, 60_000);
});

describe("a DATA_DIR the database's user cannot reach", () => {
  it("is refused naming DATA_DIR and the directory that keeps the postgres user out", () => {
    const parent = dataDir();
    const privateDir = path.join(parent, "private");
    mkdirSync(path.join(privateDir, "data"), { recursive: true });
    chmodSync(privateDir, 0o700);
    const stranger = { uid: 54_321, gid: 54_321 };
    expect(() => assertReachable(path.join(privateDir, "data"), stranger)).toThrow(`${privateDir} does not let it in`);
    chmodSync(privateDir, 0o711);
    chmodSync(parent, 0o711);
    expect(() => assertReachable(path.join(privateDir, "data"), stranger)).not.toThrow();
  });
});
