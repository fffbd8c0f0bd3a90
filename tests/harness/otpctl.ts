import { spawn } from "node:child_process";
import { expect, inject } from "vitest";

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * For a test that runs otpctl several times. Each call is a process of its own that
 * connects, checks the schema and often hashes a password (argon2): about half a
 * second on an idle machine, but up to 10 s each on a 2-core machine shared with
 * other test runs (a test of 8 calls took 78 s there), so 120 s was not enough.
 */
export const CLI_TEST_TIMEOUT_MS = 300_000;

/**
 * Runs otpctl as operators do (a separate process), with the given environment overrides.
 * The process runs the CLI bundled once for this run (otpctl-bundle.ts), not tsx, which
 * compiled the sources again on every call.
 */
export function otpctl(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
    const child = spawn(process.execPath, [inject("otpctlBundle"), ...args], { env: merged });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * Runs an otpctl command with --json and returns its one JSON document, failing the test
 * unless it exited 0 with nothing on stderr and exactly one line on stdout.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields its command prints
export async function otpctlJson(args: string[], env: Record<string, string | undefined> = {}): Promise<any> {
  const result = await otpctl([...args, "--json"], env);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}
