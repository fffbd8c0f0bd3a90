// A throw-away PgBouncer (Debian's package, 1.18 on Debian 12) in transaction mode in
// front of the test PostgreSQL server: its own configuration in a temporary directory
// and a free port; the machine's own pgbouncer service is never touched. Installed
// from Debian when missing and this shell may (root with apt-get), as the browser
// tests' Chromium is; otherwise the test fails saying what to install.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDebianPackage } from "./debian-package";
import { waitFor } from "./wait-for";

const BINARY = "/usr/sbin/pgbouncer";


async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Bouncer = { url: (database: string) => string; log: () => string; stop: () => Promise<void> };

/** Starts PgBouncer in front of the server of `serverUrl`; `poolSize` server connections per database. */
export async function startPgbouncer(serverUrl: string, options: { poolSize?: number } = {}): Promise<Bouncer> {
  ensureDebianPackage(BINARY, "pgbouncer", "The PgBouncer tests");
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || "postgres");
  const password = decodeURIComponent(server.password);
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-pgbouncer-"));
  const port = await freePort();
  const backend = `host=${server.hostname} port=${server.port || 5432} user=${user}${password ? ` password=${password}` : ""}`;
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = ${backend}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${dir}/users.txt`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize ?? 4}`,
      "max_client_conn = 500",
      // node-pg and Prisma's adapter send none of these today; listed so a driver that does is not refused.
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${dir}/pgbouncer.log`,
      "",
    ].join("\n"),
  );
  writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`);
  // PgBouncer refuses to run as root; it drops to `nobody`, who must read and write the directory.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o777);
  const child: ChildProcess = spawn(BINARY, [...(asRoot ? ["-u", "nobody"] : []), path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  let exited = false;
  // A test run that ends without stopping it (a crash, a timeout) must not leave it running.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.on("exit", () => {
    exited = true;
    process.removeListener("exit", killOnExit);
  });
  const url = (database: string) => `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const log = () => (existsSync(path.join(dir, "pgbouncer.log")) ? readFileSync(path.join(dir, "pgbouncer.log"), "utf8") : "");
  await waitFor(
    async () => {
      if (exited) throw new Error(`pgbouncer exited at start:\n${log()}`);
      const client = new pg.Client({ connectionString: url("postgres") });
      try {
        await client.connect();
        await client.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    { timeoutMs: 15_000, what: "pgbouncer to accept connections" },
  );
  return {
    url,
    log,
    stop: async () => {
      if (!exited) {
        child.kill("SIGTERM");
        await waitFor(() => exited, { timeoutMs: 10_000, what: "pgbouncer to stop" });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
