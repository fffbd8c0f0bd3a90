// The production app for benchmarks: `next build` into its own dist dir, then the
// production server (src/server/front/serve.mjs, as `npm start` runs it, with DATABASE_URL
// and the app's environment) on a free loopback port. `dir` is the checkout the
// build and the server come from: the working tree, or a throw-away worktree of
// another commit (bench/lib/compare.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { checkBuild } from "../../src/cli/build-manifest.mjs";

export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

/** What `npm start` ships switched on; a bench leaves them at their defaults unless asked to turn one. */
export const SHIPPED_SWITCHES = ["LOG_REQUESTS", "RUN_WORKER_IN_APP", "API_LOG", "METRICS_HOT_PATH"];

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

function buildIsStale(root: string): boolean {
  // A checkout whose `npm run build` records the sources it built (src/cli/build.mjs) is judged by that record.
  if (existsSync(path.join(root, "src", "cli", "build.mjs"))) return checkBuild(root, DIST_DIR).state !== "fresh";
  const buildId = path.join(root, DIST_DIR, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const sources = ["src", "public", "package.json", "next.config.mjs", "postcss.config.mjs"].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > statSync(buildId).mtimeMs;
}

/** BENCH_BUILD=always|auto|never (default auto: rebuild when sources are newer than the build). Returns build seconds, 0 when skipped. */
export function buildApp(mode = process.env.BENCH_BUILD ?? "auto", root = process.cwd()): number {
  if (mode === "never" || (mode === "auto" && !buildIsStale(root))) return 0;
  // The checkout's own `npm run build` (another commit's may build differently). A build into its own
  // directory reads a generated tsconfig (next.config.mjs), so tsconfig.json stays untouched.
  const started = Date.now();
  const build = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
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

/** The secrets a server needs, fresh for each run (nothing signed survives a benchmark). */
export function freshSecrets(): Record<"OTP_PEPPER" | "SESSION_SECRET" | "PAYMENT_LINK_SECRET", string> {
  const secret = () => randomBytes(32).toString("base64url");
  return { OTP_PEPPER: secret(), SESSION_SECRET: secret(), PAYMENT_LINK_SECRET: secret() };
}

export type AppServer = { baseUrl: string; pid: number; process: ChildProcess; stop: () => Promise<void> };

/** The production server's script; a checkout from before the front had its own folder (`--compare` with an older ref) kept it in src/cli. */
function serveScript(dir: string): string {
  const current = path.join(dir, "src/server/front/serve.mjs");
  return existsSync(current) ? current : path.join(dir, "src/cli/serve.mjs");
}

/** node with `args`, or `wrap` (a command that runs node, such as bench/lib/callgrind.ts's) with them. */
function spawnNode(args: string[], wrap: string[] | undefined, options: Parameters<typeof spawn>[2]): ChildProcess {
  return wrap?.length ? spawn(wrap[0], [...wrap.slice(1), ...args], options) : spawn(process.execPath, args, options);
}

/**
 * `distDir`: the build to serve, DIST_DIR unless a caller made its own (the tests serve `npm run build`'s .next).
 * `wrap`: the command that runs node instead of node itself (its pid must be the server's: it execs node).
 */
export async function startApp(options: { port: number; env: Record<string, string>; logFile: string; dir?: string; distDir?: string; wrap?: string[] }): Promise<AppServer> {
  // The server writes its log lines (one per /v3 request, as shipped) straight into the file, as `npm start > file` would.
  // bench/tmp is not in a fresh clone: io-floor and stalls start the app before anything else made it.
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, "w");
  const dir = options.dir ?? process.cwd();
  const child = spawnNode([serveScript(dir), "--hostname", "127.0.0.1", "--port", String(options.port)], options.wrap, {
    cwd: dir,
    // A benchmark's server has no load balancer to drain for (SHUTDOWN_DRAIN_MS): it stops at once unless told otherwise.
    env: { ...process.env, SHUTDOWN_DRAIN_MS: "0", ...options.env, NEXT_DIST_DIR: options.distDir ?? DIST_DIR, NODE_ENV: "production", PORT: String(options.port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
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

export { rssMiB } from "./proc";

/** The reference server for the HTTP floor (bench/lib/floor-server.mjs), in its own process. */
export function startFloorServer(port: number): Promise<AppServer> {
  return startReferenceServer("floor-server.mjs", port);
}

/** A server of bench/lib (floor-server.mjs, io-floor-server.mjs) in its own process, once it answers; `env` adds to the bench's environment; `wrap` as startApp's. */
export async function startReferenceServer(script: string, port: number, args: string[] = [], env: Record<string, string> = {}, wrap?: string[]): Promise<AppServer> {
  const child = spawnNode([path.join(process.cwd(), "bench", "lib", script), String(port), ...args], wrap, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Under valgrind the first answer takes seconds, not milliseconds.
  for (let i = 0; i < (wrap?.length ? 1200 : 100); i++) {
    const up = await fetch(`${baseUrl}/v3/bench-floor`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  return { baseUrl, pid: child.pid!, process: child, stop };
}
