// The bench's own PostgreSQL cluster: initdb into a temporary directory with the
// machine's PostgreSQL binaries (the Debian packages' /usr/lib/postgresql/<major>/bin,
// the same major as /usr/bin/pgbench, or BENCH_PG_BIN), pg_stat_statements preloaded,
// listening on a free loopback port, removed again when the run ends. A shared server
// is never restarted or reconfigured for a benchmark; its postmaster is also not the
// only PostgreSQL on a shared machine, so CPU readings need a cluster whose pid is known.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type OwnPostgres = { adminUrl: string; pid: number; dataDir: string; binDir: string; stop: () => Promise<void> };

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, or BENCH_PG_BIN. */
export function postgresBinDir(): string {
  if (process.env.BENCH_PG_BIN) return process.env.BENCH_PG_BIN;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(path.join(root, d, "bin", "initdb"))) : [];
  if (!majors.length) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin: install the postgresql package, set BENCH_PG_BIN, or run with BENCH_POSTGRES=shared");
  return path.join(root, majors.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

/** As root, PostgreSQL refuses to run: the cluster belongs to the postgres user. */
function owner(): { uid: number; gid: number } | null {
  if (os.userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const binDir = postgresBinDir();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-bench-pg-"));
  const as = owner();
  if (as) chownSync(dataDir, as.uid, as.gid);
  const options = { ...(as ?? {}), env: { ...process.env, LC_ALL: "C" } };
  const pgdata = path.join(dataDir, "data");
  await run(path.join(binDir, "initdb"), [`--pgdata=${pgdata}`, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--locale=C"], options);
  // Settings the shared cluster has by default, plus the statement statistics and the WAL flushes' timing.
  writeFileSync(
    path.join(pgdata, "postgresql.auto.conf"),
    [
      "shared_preload_libraries = 'pg_stat_statements'",
      "pg_stat_statements.track = all",
      "pg_stat_statements.max = 5000",
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      `port = ${port}`,
      "max_connections = 200",
      // pg_stat_wal's flush times (bench/lib/wal-flushes.ts): what a commit waits for under load.
      "track_wal_io_timing = on",
      "",
    ].join("\n"),
  );
  if (as) chownSync(path.join(pgdata, "postgresql.auto.conf"), as.uid, as.gid);
  const pgCtl = (args: string[]) => run(path.join(binDir, "pg_ctl"), ["-D", pgdata, ...args], options);
  await pgCtl(["start", "-w", "-t", "60", "-l", path.join(dataDir, "server.log")]);
  const pid = Number(readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n")[0]);
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    await pgCtl(["stop", "-w", "-m", "fast"]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { adminUrl, pid, dataDir, binDir, stop };
}
