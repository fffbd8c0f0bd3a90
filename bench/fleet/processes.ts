// The fleet's moving parts as child processes of the fleet script: PgBouncer in
// transaction mode, a throw-away Redis, app instances (the production server as
// `npm start` runs it) and workers. Each can be stopped, killed and started again
// on the same port, which is what the fleet's faults do.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { DIST_DIR } from "../lib/server";

export type Managed = {
  name: string;
  port: number;
  logFile: string;
  running: () => boolean;
  start: () => Promise<void>;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop: (graceMs?: number) => Promise<void>;
  kill9: () => Promise<void>;
  signal: (signal: NodeJS.Signals) => void;
};

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

// Nothing outlives the fleet script, even when it fails half-way.
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** A process started by `argv`, ready when `ready` says so, restartable on the same port. */
function managed(name: string, port: number, logFile: string, argv: () => { cmd: string; args: string[]; env?: NodeJS.ProcessEnv; cwd?: string }, ready: () => Promise<boolean>, readyTimeoutMs = 90_000): Managed {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const log = createWriteStream(logFile, { flags: "a" });
  const running = () => !!child && child.exitCode === null && child.signalCode === null;
  const waitExit = async (graceMs: number) => {
    const timer = setTimeout(() => child?.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    name,
    port,
    logFile,
    running,
    async start() {
      const { cmd, args, env, cwd } = argv();
      log.write(`\n=== ${new Date().toISOString()} start ${name}\n`);
      child = spawn(cmd, args, { env: env ?? process.env, cwd, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout!.pipe(log, { end: false });
      child.stderr!.pipe(log, { end: false });
      exited = new Promise((resolve) => child!.once("exit", () => resolve()));
      children.add(child);
      await until(name, async () => {
        if (!running()) throw new Error(`${name} exited during start-up (see ${logFile})`);
        return ready();
      }, readyTimeoutMs);
    },
    async stop(graceMs = 30_000) {
      if (!running()) return;
      child!.kill("SIGTERM");
      await waitExit(graceMs);
    },
    async kill9() {
      if (!running()) return;
      child!.kill("SIGKILL");
      await exited;
    },
    signal(signal) {
      if (running()) child!.kill(signal);
    },
  };
}

export function redisServer(port: number, dir: string): Managed {
  return managed(
    "redis",
    port,
    path.join(dir, "redis.log"),
    () => ({ cmd: "redis-server", args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir] }),
    () => portOpen(port),
  );
}

/**
 * PgBouncer (Debian's package) in transaction mode in front of `postgresPort`. As root
 * it refuses to run, so it drops to the postgres user, which must read its config.
 */
export function pgbouncer(port: number, postgresPort: number, dir: string, poolSize: number): Managed {
  const confDir = path.join(dir, "pgbouncer");
  mkdirSync(confDir, { recursive: true });
  chmodSync(confDir, 0o777);
  const ini = path.join(confDir, "pgbouncer.ini");
  writeFileSync(path.join(confDir, "userlist.txt"), '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${postgresPort}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(confDir, "userlist.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 1000",
      "ignore_startup_parameters = extra_float_digits,options",
      "admin_users = postgres",
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  return managed(
    "pgbouncer",
    port,
    path.join(dir, "pgbouncer.log"),
    () => ({ cmd: "pgbouncer", args: [...(asRoot ? ["-u", "postgres"] : []), ini] }),
    () => portOpen(port),
  );
}

export function appInstance(name: string, port: number, dir: string, env: Record<string, string>): Managed {
  const root = process.cwd();
  return managed(
    name,
    port,
    path.join(dir, `${name}.log`),
    () => ({
      cmd: process.execPath,
      args: [path.join(root, "src/server/front/serve.mjs"), "--hostname", "127.0.0.1", "--port", String(port)],
      cwd: root,
      env: { ...process.env, ...env, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    }),
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200).catch(() => false)),
  );
}

export function worker(name: string, dir: string, env: Record<string, string>): Managed {
  const root = process.cwd();
  const logFile = path.join(dir, `${name}.log`);
  return managed(
    name,
    0,
    logFile,
    () => ({ cmd: process.execPath, args: ["--import", "tsx", path.join(root, "src/cli/worker.ts")], cwd: root, env: { ...process.env, ...env } }),
    // The worker has no port: it is up once this start's part of its log says so.
    async () => existsSync(logFile) && readFileSync(logFile, "utf8").split(`start ${name}\n`).at(-1)!.includes("worker started"),
  );
}
