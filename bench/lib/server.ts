// The production app for benchmarks: `next build` into its own dist dir, then
// The production server (src/cli/serve.mjs, as `npm start` runs it) on a free loopback port with the benchmark's environment.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(root, DIST_DIR, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const sources = ["src", "public", "package.json", "next.config.mjs", "postcss.config.mjs"].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > statSync(buildId).mtimeMs;
}

/** BENCH_BUILD=always|auto|never (default auto: rebuild when sources are newer than the build). Returns build seconds, 0 when skipped. */
export function buildApp(mode = process.env.BENCH_BUILD ?? "auto"): number {
  if (mode === "never" || (mode === "auto" && !buildIsStale())) return 0;
  // A build into its own directory reads a generated tsconfig (next.config.mjs), so tsconfig.json stays untouched.
  const started = Date.now();
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  return (Date.now() - started) / 1000;
}

export function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        const { port: got } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(got));
      });
    });
  return preferred ? tryPort(preferred).catch(() => tryPort(0)) : tryPort(0);
}

export type AppServer = { baseUrl: string; pid: number; process: ChildProcess; stop: () => Promise<void> };

export async function startApp(options: { port: number; env: Record<string, string>; logFile: string }): Promise<AppServer> {
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, [path.join(process.cwd(), "src/cli/serve.mjs"), "--hostname", "127.0.0.1", "--port", String(options.port)], {
    env: { ...process.env, ...options.env, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production", PORT: String(options.port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { baseUrl: `http://127.0.0.1:${options.port}`, pid: child.pid!, process: child, stop };
}

/** Waits until an authenticated /v3 call answers 200 (the route is compiled, the database reachable). */
export async function waitReady(baseUrl: string, key: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/v3/account`, { headers: { authorization: `Bearer ${key}` } });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String((err as Error).message);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms: ${last}`);
}

/** Resident memory of a process and its descendants, in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let kib = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      if (m) kib += Number(m[1]);
    } catch {
      continue;
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round((kib / 1024) * 10) / 10;
}
