// The production build that the tests starting the app as shipped serve
// (production-start, rolling-restart): `npm run build` into .next, the directory
// `npm start` serves and the browser tests reuse after this run. One build for all of
// them: a build takes a minute or more of both cores, and two files asking at once in
// the two workers would otherwise build the same directory concurrently. A lock (a
// directory, created atomically) makes the second wait for the first and then find
// the build fresh. A lock whose owner died (a run killed mid-build) is taken over.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { checkBuild } from "../../src/cli/build-manifest.mjs";

export const PRODUCTION_DIST_DIR = ".next";

/** A build has taken several minutes on a busy 2-core machine; one running longer than this is not coming back. */
const BUILD_TIMEOUT_MS = 540_000;
/** How long a test may wait for the build (its own or another worker's) plus the lock's turn. */
export const PRODUCTION_BUILD_WAIT_MS = 2 * BUILD_TIMEOUT_MS;
/** Between mkdir and writing the owner file the lock has no owner; a lock without one for longer was left by a crash. */
const OWNERLESS_GRACE_MS = 10_000;

/** Makes .next from these sources unless it is already fresh; waits while another worker builds it. */
export async function ensureProductionBuild(root = process.cwd()): Promise<void> {
  if (checkBuild(root, PRODUCTION_DIST_DIR).state === "fresh") return;
  const release = await acquireLock(root);
  try {
    // The worker that held the lock before us has usually just built it.
    if (checkBuild(root, PRODUCTION_DIST_DIR).state === "fresh") return;
    await build(root);
  } finally {
    release();
  }
}

function build(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "build"], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: PRODUCTION_DIST_DIR, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run build failed (${signal ?? `exit ${code}`}):\n${output.slice(-6000)}`));
    });
  });
}

/** Under node_modules, which the production start's snapshot of the app directory does not descend into. */
function lockDir(root: string): string {
  return path.join(root, "node_modules", ".cache", "sandi-tests", "production-build.lock");
}

async function acquireLock(root: string): Promise<() => void> {
  const dir = lockDir(root);
  mkdirSync(path.dirname(dir), { recursive: true });
  const deadline = performance.now() + PRODUCTION_BUILD_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(path.join(dir, "owner"), JSON.stringify({ pid: process.pid, since: Date.now() }));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (isStale(dir)) rmSync(dir, { recursive: true, force: true });
    else if (performance.now() >= deadline) throw new Error(`waited ${PRODUCTION_BUILD_WAIT_MS} ms for another worker's production build (lock ${dir})`);
    else await sleep(500);
  }
}

/** The owner is gone, has built for longer than any build takes, or never said who it was. */
function isStale(dir: string): boolean {
  let owner: { pid: number; since: number };
  try {
    owner = JSON.parse(readFileSync(path.join(dir, "owner"), "utf8"));
  } catch {
    try {
      return Date.now() - statSync(dir).mtimeMs > OWNERLESS_GRACE_MS;
    } catch {
      return false; // released meanwhile: the next mkdir takes it
    }
  }
  if (Date.now() - owner.since > BUILD_TIMEOUT_MS + 60_000) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}
