// A process manager that runs `npm start` (or `npm run worker`) and stops it signals
// npm's own pid, not its process group. npm forwards SIGTERM to the script's shell;
// Debian's sh does not exec a script's single command, so before the scripts began
// with `exec` the shell died and the server below it kept serving, orphaned and never
// drained. Here each script is started as such a manager would, TERM goes to npm alone,
// and the whole tree must drain, stop and leave.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "@/dev/embedded-postgres";
import { ensureProductionBuild, PRODUCTION_BUILD_WAIT_MS, PRODUCTION_DIST_DIR } from "../harness/production-build";
import { waitFor } from "../harness/wait-for";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-npm-signals-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Live (not zombie) processes whose parent chain leads to `root`, from /proc. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z") parentOf.set(Number(entry), Number(ppid));
    } catch {
      // It exited while we looked.
    }
  }
  const found: number[] = [];
  for (const pid of parentOf.keys()) {
    for (let up = parentOf.get(pid); up !== undefined; up = parentOf.get(up)) {
      if (up === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
}

/** Runs `npm <args>` in its own process group, as a service manager would, and collects what it prints. */
function startNpm(args: string[], env: Record<string, string>) {
  const npm = spawn("npm", args, { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout!.on("data", (chunk) => (output += chunk));
  npm.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  /** SIGTERM to npm's pid alone, as a process manager stops it; resolves to npm's exit code. */
  const terminate = () => {
    process.kill(npm.pid!, "SIGTERM");
    return exited;
  };
  const killGroup = () => {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // Nothing of the group is left.
    }
  };
  return { npm, output: () => output, terminate, killGroup };
}

/** Waits until none of `tree` runs any more. */
function allGone(tree: number[]): Promise<void> {
  return waitFor(() => tree.every((pid) => !alive(pid)), { timeoutMs: 10_000, what: `the processes ${tree.join(", ")} to exit` });
}

describe("a TERM sent to npm's pid alone", () => {
  it("`npm start`: the server drains, stops, and no process of the tree is left", { timeout: PRODUCTION_BUILD_WAIT_MS + 120_000 }, async () => {
    await ensureProductionBuild();
    const port = await freePort();
    const run = startNpm(["start"], { DATA_DIR: dataDir, PORT: String(port), NEXT_DIST_DIR: PRODUCTION_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", LOG_REQUESTS: "0", SHUTDOWN_DRAIN_MS: "300" });
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200 || run.npm.exitCode !== null, { timeoutMs: 120_000, what: "npm start to answer /readyz" });
      expect(run.npm.exitCode, run.output()).toBeNull();
      const tree = descendants(run.npm.pid!);
      // The launcher (start.ts) and the server it runs (serve.mjs), at least.
      expect(tree.length, run.output()).toBeGreaterThanOrEqual(2);

      expect(await run.terminate(), run.output()).toBe(0);
      expect(run.output()).toContain('"signal":"SIGTERM"');
      expect(run.output()).toContain('"msg":"draining');
      expect(run.output()).toContain('"msg":"stopped"');
      await allGone(tree);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status).toBeUndefined();
    } finally {
      run.killGroup();
    }
  });

  it("`npm run worker`: the worker stops and no process of the tree is left", { timeout: 90_000 }, async () => {
    const run = startNpm(["run", "worker"], {});
    try {
      await waitFor(() => run.output().includes('"msg":"worker started"') || run.npm.exitCode !== null, { timeoutMs: 60_000, what: "the worker to start" });
      expect(run.npm.exitCode, run.output()).toBeNull();
      const tree = descendants(run.npm.pid!);
      expect(tree.length, run.output()).toBeGreaterThanOrEqual(1);

      expect(await run.terminate(), run.output()).toBe(0);
      expect(run.output()).toContain('"msg":"worker stopped"');
      await allGone(tree);
    } finally {
      run.killGroup();
    }
  });
});
