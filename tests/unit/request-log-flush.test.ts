// The request log gathers its lines and writes them in batches
// (src/server/http/request-log.ts). A process that stops must still write every line
// it gathered: a graceful stop runs the shutdown hooks (serve.mjs and the worker do,
// then exit), and any other exit runs the process's exit handlers. Each case is a
// child process whose stdout is a file, logging lines right before it stops.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-request-log-"));
const LINES = 50;

/** Runs `stop` after logging LINES request lines in a child process; returns the request ids found in its stdout file. */
function loggedBefore(stop: string): { status: number | null; signal: string | null; stderr: string; ids: string[] } {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const out = openSync(file, "w");
  const script = `
    const { logRequest } = await import("@/server/http/request-log");
    const { runShutdownHooks } = await import("@/server/lifecycle.mjs");
    for (let i = 0; i < ${LINES}; i++) logRequest({ method: "GET", path: "/v3/account", status: 200, latency_ms: 1, merchant_id: null, request_id: "req-" + i });
    ${stop}
  `;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    // Not the test runner's environment: vitest's own variables (BASE_URL among them) are not a server's configuration.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", LOG_REQUESTS: "1", DATA_DIR: dir, OTP_PEPPER: "p".repeat(32), SESSION_SECRET: "s".repeat(32), PAYMENT_LINK_SECRET: "l".repeat(32) },
    stdio: ["ignore", out, "pipe"],
    encoding: "utf8",
  });
  closeSync(out);
  const ids = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"v3 request"'))
    .map((line) => (JSON.parse(line) as { request_id: string }).request_id);
  return { status: child.status, signal: child.signal, stderr: child.stderr, ids };
}

const every = Array.from({ length: LINES }, (_, i) => `req-${i}`);

describe("the request log when the process stops", () => {
  it("writes the gathered lines in a graceful stop's shutdown hooks, before the process goes (even by SIGKILL, with no exit handlers)", () => {
    const run = loggedBefore(`await runShutdownHooks(); process.kill(process.pid, "SIGKILL");`);
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.ids).toEqual(every);
  });

  it("writes them when the process exits at once without the shutdown hooks", () => {
    const run = loggedBefore(`process.exit(3);`);
    expect(run.status, run.stderr).toBe(3);
    expect(run.ids).toEqual(every);
  });
});
