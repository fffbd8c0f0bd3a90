// A production start (NODE_ENV=production, as the container image runs it) serves
// the build `npm run build` made and nothing else: a missing build or one made from
// other sources stops it with the command that fixes it, and a served build leaves
// the app directory exactly as it was (the image's root file system is read-only).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureProductionBuild, PRODUCTION_BUILD_WAIT_MS, PRODUCTION_DIST_DIR } from "../harness/production-build";
import { waitFor } from "../harness/wait-for";

const root = process.cwd();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-production-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_REQUESTS: "0", NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

function startSync(distDir: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/start.ts"], { cwd: root, env: productionEnv({ NEXT_DIST_DIR: distDir }), encoding: "utf8", timeout: 60_000 });
}

/** Every file and directory of the app (node_modules and .git by their own entries only): names, sizes, modification times. */
function appSnapshot(dir = root, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    const stat = statSync(full);
    into.set(path.relative(root, full), `${stat.isDirectory() ? "dir" : stat.size}@${stat.mtimeMs}`);
    const shallow = dir === root && (entry === "node_modules" || entry === ".git");
    if (stat.isDirectory() && !shallow) appSnapshot(full, into);
  }
  return into;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("a production start (NODE_ENV=production)", () => {
  it("refuses when there is no build, says how to make one, and builds nothing", () => {
    const distDir = `.next-production-start-missing-${process.pid}`;
    const result = startSync(distDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Production start refused: no finished build in ${distDir}`);
    expect(result.stderr).toContain("Run `npm run build`");
    expect(existsSync(path.join(root, distDir))).toBe(false);
  });

  it("refuses a build made from other sources and leaves it as it was", () => {
    const distDir = `.next-production-start-stale-${process.pid}`;
    try {
      mkdirSync(path.join(root, distDir));
      writeFileSync(path.join(root, distDir, "BUILD_ID"), "from-another-checkout\n");
      writeFileSync(path.join(root, distDir, "sandi-build.json"), JSON.stringify({ sources: "0".repeat(64) }));
      const before = appSnapshot(path.join(root, distDir));
      const result = startSync(distDir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Production start refused: the build in ${distDir} was made from other sources`);
      expect(appSnapshot(path.join(root, distDir))).toEqual(before);
    } finally {
      rmSync(path.join(root, distDir), { recursive: true, force: true });
    }
  });

  it("serves a build of these sources, pages and /v3 alike, without writing into the app directory", { timeout: PRODUCTION_BUILD_WAIT_MS + 120_000 }, async () => {
    // The build is this test's precondition, made by `npm run build` (shared with rolling-restart, and reused by `npm start` later).
    await ensureProductionBuild();
    const before = appSnapshot();
    const port = await freePort();
    const server = spawn(process.execPath, ["--import", "tsx", "src/cli/start.ts"], { cwd: root, env: productionEnv({ NEXT_DIST_DIR: PRODUCTION_DIST_DIR, PORT: String(port) }), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    server.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200 || server.exitCode !== null, { timeoutMs: 120_000, what: "the production server to answer /readyz" });
      expect(server.exitCode, stderr).toBeNull();
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      // Next renders its not-found page on demand and would keep it in the build directory unless told not to.
      expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
      expect((await fetch(`${base}/v3/openapi.json`)).status).toBe(200);
      const unauthorized = await fetch(`${base}/v3/request`, { method: "POST", body: "{}" });
      expect(unauthorized.status).toBe(401);
      expect(((await unauthorized.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    } finally {
      server.kill("SIGTERM");
      await exited;
    }
    expect(appSnapshot()).toEqual(before);
  });
});
