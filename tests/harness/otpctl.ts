import { spawn } from "node:child_process";
import { expect, inject } from "vitest";
import { runOtpctl } from "@/cli/run-otpctl";
import { setLogStream } from "@/server/log";
import { overrideEnv } from "./env-override";

export type CliResult = { code: number; stdout: string; stderr: string };
type Env = Record<string, string | undefined>;

/**
 * For a test that runs otpctl several times. A call in its own process (otpctlProcess)
 * connects, checks the schema and often hashes a password (argon2): about half a
 * second on an idle machine, but up to 10 s each on a 2-core machine shared with
 * other test runs (a test of 8 calls took 78 s there), so 120 s was not enough.
 */
export const CLI_TEST_TIMEOUT_MS = 300_000;

/**
 * Runs otpctl as operators do (a separate process), with the given environment overrides,
 * for what only the real binary shows: its exit status, how it finds its database, what it
 * reads from the environment at start. The process runs the CLI bundled once for this run
 * (otpctl-bundle.ts), not tsx, which compiled the sources again on every call.
 */
export function otpctlProcess(args: string[], env: Env = {}): Promise<CliResult> {
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

/** Which database a command uses is decided once per process: only a process of its own can be pointed elsewhere. */
const PROCESS_ONLY = ["DATABASE_URL", "DATA_DIR", "MIGRATION_DATABASE_URL"];

let running: Promise<unknown> = Promise.resolve();

/**
 * Runs an otpctl command line in this process: the function the binary's entry calls
 * (runOtpctl), on the same database, with what it writes to stdout and stderr (its log
 * lines included) captured and its exit status returned, as from otpctlProcess. A process
 * per call cost one to three seconds of start-up each on CI, most of the CLI tests' time.
 * Nothing else of the test may write to the console meanwhile; calls run one at a time.
 */
export function otpctl(args: string[], env: Env = {}): Promise<CliResult> {
  for (const name of PROCESS_ONLY) {
    if (name in env && env[name] !== process.env[name]) throw new Error(`otpctl with ${name} of its own needs a process of its own: use otpctlProcess`);
  }
  const result = running.then(() => inThisProcess(args, env));
  running = result.catch(() => undefined);
  return result;
}

async function inThisProcess(args: string[], env: Env): Promise<CliResult> {
  const restoreEnv = overrideEnv(env);
  const output = { stdout: "", stderr: "" };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const stream of ["stdout", "stderr"] as const) {
    process[stream].write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output[stream] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const done = rest.find((x) => typeof x === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    const code = await runOtpctl(args);
    return { code, ...output };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    // runOtpctl sends log lines to stderr, as otpctl should; the rest of the test logs to stdout.
    setLogStream("stdout");
    restoreEnv();
  }
}

/**
 * Runs an otpctl command with --json and returns its one JSON document, failing the test
 * unless it exited 0 with nothing on stderr and exactly one line on stdout.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields its command prints
export async function otpctlJson(args: string[], env: Env = {}, run = otpctl): Promise<any> {
  const result = await run([...args, "--json"], env);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

/** otpctlJson in a process of its own (otpctlProcess). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as otpctlJson
export function otpctlProcessJson(args: string[], env: Env = {}): Promise<any> {
  return otpctlJson(args, env, otpctlProcess);
}
