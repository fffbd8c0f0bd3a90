// `npm start` (src/cli/start.ts) serving `npm run build`'s .next on a free port, for
// tests of the production server itself: on the test file's database (DATABASE_URL, as
// the integration tests' setup sets it), with a fresh DATA_DIR of its own.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { freePort } from "@/dev/embedded-postgres";
import { ensureProductionBuild, PRODUCTION_DIST_DIR } from "./production-build";
import { waitFor } from "./wait-for";

export type ProductionServer = {
  base: string;
  /** Everything the server printed so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, then waits for the exit; removes DATA_DIR. */
  stop: () => Promise<void>;
};

/**
 * Starts it and waits until /readyz answers 200, or, with `until: "listening"`, until its
 * port takes a TCP connection (the first request it sees is then the test's own).
 */
export async function startProductionServer(options: { env?: Record<string, string>; until?: "ready" | "listening" } = {}): Promise<ProductionServer> {
  await ensureProductionBuild();
  const root = process.cwd();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-production-server-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: PRODUCTION_DIST_DIR, PORT: String(port), ...options.env };
  const server = spawn(process.execPath, ["--import", "tsx", "src/cli/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const up = options.until === "listening" ? () => listening(port) : async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200;
  await waitFor(async () => (await up()) || server.exitCode !== null, { timeoutMs: 120_000, what: "the production server to start" });
  expect(server.exitCode, output).toBeNull();
  return {
    base,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
