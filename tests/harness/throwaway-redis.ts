// A redis-server of a test's own, on a free port, for tests that need Redis to be
// missing, late or gone (the shared one is never stopped or reconfigured).
import { spawn, type ChildProcess } from "node:child_process";
import Redis from "ioredis";
import { freePort } from "@/server/db/embedded-postgres";
import { waitFor } from "./wait-for";

export { freePort };

/** Starts redis-server on the port and resolves once it answers PING; stop() kills it. */
export async function startThrowawayRedis(port: number): Promise<{ stop: () => Promise<void> }> {
  const server: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  client.on("error", () => undefined);
  try {
    await waitFor(
      async () => {
        if (client.status !== "ready") await client.connect().catch(() => undefined);
        return (await client.ping().catch(() => null)) === "PONG";
      },
      { timeoutMs: 10_000, what: "redis-server to answer PING" },
    );
  } finally {
    client.disconnect();
  }
  return {
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGKILL");
      await exited;
    },
  };
}
