// A throw-away redis-server (Debian's `redis-server`) on a free loopback port: the
// integration run's Redis when TEST_REDIS_URL is unset (global-setup.ts), and the
// Redis a fault test kills and restarts. Nothing is saved to disk.
import { spawn, type ChildProcess } from "node:child_process";
import Redis from "ioredis";
import { freePort } from "@/dev/embedded-postgres";
import { waitFor } from "./wait-for";

export { freePort };

export type RedisServer = { url: string; port: number; stop: () => Promise<void> };


/** Starts redis-server on the port (a free one when omitted) and resolves once it answers PING. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const server: ChildProcess = spawn("redis-server", ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  let failed: Error | undefined;
  server.once("error", (err) => {
    failed = (err as NodeJS.ErrnoException).code === "ENOENT" ? new Error("redis-server is not installed: `sudo apt-get install -y redis-server`, or set TEST_REDIS_URL to a running Redis") : err;
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null || failed) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  };
  const client = new Redis({ port: chosen, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  client.on("error", () => undefined);
  try {
    await waitFor(
      async () => {
        if (failed) throw failed;
        if (client.status !== "ready") await client.connect().catch(() => undefined);
        return (await client.ping().catch(() => null)) === "PONG";
      },
      { timeoutMs: 10_000, what: "redis-server to answer PING" },
    );
  } catch (err) {
    await stop();
    throw failed ?? err;
  } finally {
    client.disconnect();
  }
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, stop };
}
