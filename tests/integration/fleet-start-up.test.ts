// Start-up on an external database, where Sandi may run as many instances: a
// secret an instance would generate for itself stops the server and the worker
// (each instance would otherwise hash codes, sign sessions and payment links with
// its own), otpctl's migration job runs without the secrets it never reads, and
// /readyz says whether rate limits are shared through Redis.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { GET as readyz } from "@/app/readyz/route";
import { warnIfLimitsUnshared } from "@/server/services/health/shared-limits";
import { startDraining } from "@/server/lifecycle.mjs";
import { overrideEnv } from "../harness/env-override";
import { captureLog, type LogLine } from "../harness/log-lines";
import { otpctlProcessJson } from "../harness/otpctl";

type Exit = { code: number | null; stderr: string };

/** Runs a CLI entry as `npm start` / `npm run worker` do, without the one variable named. */
function runWithout(entry: string, variable: string, dataDir: string): Promise<Exit> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "1" };
  delete env[variable];
  const child = spawn(process.execPath, ["--import", "tsx", entry], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stderr })));
}

/** What the server's start-up says about sharing limits. */
function startUpLog(): LogLine[] {
  const log = captureLog();
  try {
    warnIfLimitsUnshared();
  } finally {
    log.restore();
  }
  return log.lines;
}

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
});

describe("start-up with DATABASE_URL set and a secret missing from the environment", { timeout: 60_000 }, () => {
  it.each([
    ["npm start", "src/cli/start.ts", "SESSION_SECRET"],
    ["npm run worker", "src/cli/worker.ts", "OTP_PEPPER"],
    ["npm run worker", "src/cli/worker.ts", "PAYMENT_LINK_SECRET"],
  ])("%s (%s) stops with a message naming %s and generates nothing into DATA_DIR", async (_command, entry, variable) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-fleet-"));
    const exit = await runWithout(entry, variable, dataDir);
    expect(exit.code).not.toBe(0);
    expect(exit.stderr).toContain(`${variable}: required when DATABASE_URL is set`);
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  });

  it("otpctl migrate (the migration job) runs without secrets it never reads", async () => {
    const result = await otpctlProcessJson(["migrate"], { OTP_PEPPER: undefined, SESSION_SECRET: undefined, PAYMENT_LINK_SECRET: undefined });
    expect(result.applied).toEqual([]);
  });
});

describe("rate limits shared through Redis, or not", () => {
  it("/readyz says shared_limits: false without REDIS_URL, and start-up on an external database warns once", async () => {
    restores.push(overrideEnv({ REDIS_URL: undefined }));
    const res = await readyz();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready", shared_limits: false });
    const lines = startUpLog();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", shared_limits: false });
    expect(lines[0].msg).toContain("REDIS_URL is not set");
  });

  it("/readyz says shared_limits: true with REDIS_URL, and start-up does not warn", async () => {
    restores.push(overrideEnv({ REDIS_URL: inject("redisUrl") }));
    expect(await (await readyz()).json()).toMatchObject({ status: "ready", shared_limits: true });
    expect(startUpLog()).toEqual([]);
  });

  it("the embedded default (no DATABASE_URL: one instance) does not warn", () => {
    restores.push(overrideEnv({ REDIS_URL: undefined, DATABASE_URL: undefined, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-fleet-")) }));
    expect(startUpLog()).toEqual([]);
  });
});

// Last in this file: draining is for the rest of the process's life, as in a server.
describe("/readyz while draining", () => {
  it("answers 503 with status draining once shutdown has begun", async () => {
    startDraining();
    const res = await readyz();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "draining" });
  });
});
