// Throw-away Redis deployments for the tests that need more than the machine's one
// server: a Cluster of three masters and a master watched by one Sentinel, each from
// Debian's redis-server, on free ports, with their files in a temporary directory.
// Nothing here touches the machine's own Redis.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Redis from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { getThrottleStore } from "@/server/throttle/throttle-store";
import { getRateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { failFastRedis, type RedisClient } from "@/server/redis/fail-fast-redis";
import { getFraudStore } from "@/server/services/fraud/detection-store";
import { freePort } from "@/dev/embedded-postgres";
import { waitFor } from "./wait-for";

export { freePort };

const run = promisify(execFile);


/** One process; `client()` is a direct connection to it (a node, a master, a Sentinel) for the test's own checks. */
export type RedisProcess = { port: number; process: ChildProcess; stop(): Promise<void>; client(): Redis };

function directClient(port: number, password?: string): Redis {
  const client = new Redis({ host: "127.0.0.1", port, password, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on("error", () => undefined);
  return client;
}

async function answersPing(port: number, password?: string): Promise<boolean> {
  const client = directClient(port, password);
  try {
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function startProcess(args: string[], port: number, what: string, password?: string): Promise<RedisProcess> {
  const child = spawn("redis-server", args, { stdio: "ignore" });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  try {
    await waitFor(() => answersPing(port, password), { timeoutMs: 15_000, intervalMs: 100, what });
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, process: child, stop, client: () => directClient(port, password) };
}

function serverArgs(port: number, dir: string, password: string): string[] {
  return ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--requirepass", password, "--masterauth", password];
}

/** The user part of a URL: the password percent-encoded, as an operator writes it into REDIS_URL. */
const credentials = (password: string) => `:${encodeURIComponent(password)}@`;

export type LocalDeployment = { url: string; servers: RedisProcess[]; stop(): Promise<void> };

function deployment(url: string, servers: RedisProcess[], dir: string): LocalDeployment {
  return {
    url,
    servers,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three masters, no replicas, every slot assigned, behind a password; resolves once every node reports cluster_state:ok. */
export async function startLocalCluster(password = "cluster:p@ss/word"): Promise<LocalDeployment> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-redis-cluster-"));
  const servers: RedisProcess[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const [port, busPort] = [await freePort(), await freePort()];
      const nodeDir = path.join(dir, `node-${i}`);
      mkdirSync(nodeDir);
      const args = [...serverArgs(port, nodeDir, password), "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-port", String(busPort), "--cluster-node-timeout", "5000"];
      servers.push(await startProcess(args, port, `cluster node ${i} to answer PING`, password));
    }
    const addresses = servers.map((s) => `127.0.0.1:${s.port}`);
    await run("redis-cli", ["-a", password, "--no-auth-warning", "--cluster", "create", ...addresses, "--cluster-replicas", "0", "--cluster-yes"], { timeout: 60_000 });
    await waitFor(async () => (await Promise.all(servers.map(clusterReady))).every(Boolean), { timeoutMs: 30_000, intervalMs: 200, what: "cluster_state:ok on every node" });
    return deployment(`redis-cluster://${credentials(password)}${addresses.join(",")}`, servers, dir);
  } catch (err) {
    await deployment("", servers, dir).stop();
    throw err;
  }
}

async function clusterReady(server: RedisProcess): Promise<boolean> {
  const client = server.client();
  try {
    const info = String(await client.call("CLUSTER", "INFO"));
    return info.includes("cluster_state:ok") && info.includes("cluster_slots_ok:16384") && info.includes("cluster_known_nodes:3");
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A master and one Sentinel monitoring it as `masterName`, each with its own password;
 * resolves once the Sentinel names the master.
 */
export async function startLocalSentinel(masterName = "sandimaster", password = "master:p@ss", sentinelPassword = "sentinel&pass"): Promise<LocalDeployment & { master: RedisProcess }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-redis-sentinel-"));
  const servers: RedisProcess[] = [];
  try {
    const masterPort = await freePort();
    const master = await startProcess(serverArgs(masterPort, dir, password), masterPort, "the master to answer PING", password);
    servers.push(master);
    const sentinelPort = await freePort();
    // A Sentinel rewrites its configuration file, so it lives in the temporary directory.
    const config = path.join(dir, "sentinel.conf");
    const lines = [`port ${sentinelPort}`, "bind 127.0.0.1", `dir ${dir}`, `requirepass "${sentinelPassword}"`, `sentinel monitor ${masterName} 127.0.0.1 ${masterPort} 1`];
    writeFileSync(config, [...lines, `sentinel auth-pass ${masterName} "${password}"`, `sentinel down-after-milliseconds ${masterName} 5000`, ""].join("\n"));
    const watcher = await startProcess([config, "--sentinel"], sentinelPort, "the Sentinel to answer PING", sentinelPassword);
    servers.push(watcher);
    await waitFor(
      async () => {
        const client = watcher.client();
        try {
          const address = (await client.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", masterName)) as string[] | null;
          return address?.[1] === String(masterPort);
        } catch {
          return false;
        } finally {
          client.disconnect();
        }
      },
      { timeoutMs: 15_000, intervalMs: 100, what: "the Sentinel to name the master" },
    );
    const url = `redis-sentinel://${credentials(password)}127.0.0.1:${sentinelPort}/${masterName}?sentinelPassword=${encodeURIComponent(sentinelPassword)}`;
    return { ...deployment(url, servers, dir), master };
  } catch (err) {
    await deployment("", servers, dir).stop();
    throw err;
  }
}

/**
 * Starts a deployment before the file's tests and removes it after them. `client()`
 * connects through the app's own factory (closed before the servers stop).
 */
export function useThrowAwayRedis<T extends LocalDeployment>(start: () => Promise<T>) {
  let deployment: T | undefined;
  const clients: RedisClient[] = [];
  beforeAll(async () => {
    deployment = await start();
  }, 120_000);
  afterAll(async () => {
    clients.forEach((c) => c.disconnect());
    await deployment?.stop();
  }, 60_000);
  const current = () => {
    if (!deployment) throw new Error("the throw-away Redis did not start");
    return deployment;
  };
  return {
    current,
    client: (): RedisClient => {
      const client = failFastRedis(current().url);
      clients.push(client);
      return client;
    },
  };
}

/** Closes the app's own Redis users (limiter, fraud store, throttles) made for a REDIS_URL a test set. */
export async function closeAppRedisStores(): Promise<void> {
  await getRateLimiter().close();
  await getFraudStore().close?.();
  await getThrottleStore().close?.();
}
