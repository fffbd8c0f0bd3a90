// `npx tsx bench/request-log-cost.ts`: what one /v3 request log line costs the
// server's process, as it ships (src/server/http/request-log.ts, LOG_REQUESTS=1)
// with stdout redirected to a file. A child process logs the lines in bursts, one
// burst per turn of the event loop as a loaded server would, and measures its own
// CPU time (user + system, the writes included) until every line is in the file;
// the same loop with LOG_REQUESTS=0 is subtracted. Prints figures, asserts nothing.
// Knobs: LOG_COST_LINES (100 000), LOG_COST_BURSTS (lines per turn: 1,5,50; a quiet
// server logs about one line per turn, a saturated one many), LOG_COST_ROUNDS (3).
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { summarise } from "./lib/repeats";

const LINES = Number(process.env.LOG_COST_LINES ?? 100_000);
const BURSTS = (process.env.LOG_COST_BURSTS ?? "1,5,50").split(",").map(Number);
const ROUNDS = Number(process.env.LOG_COST_ROUNDS ?? 3);

type ChildFigures = { cpuMs: number; wallMs: number };

async function child(burst: number): Promise<void> {
  const { logRequest, flushRequestLog } = await import("@/server/http/request-log");
  const line = { method: "POST", path: "/v3/request", status: 200, latency_ms: 3, merchant_id: "mrc_0123456789abcdef", request_id: "6f1c1f43-4a39-4df4-9f67-0e1f3a3c2b11" };
  // Warm the logger and the JIT before measuring.
  for (let i = 0; i < 2000; i++) logRequest(line);
  flushRequestLog();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let done = 0; done < LINES; ) {
    for (let i = 0; i < burst && done < LINES; i++, done++) logRequest(line);
    await new Promise((resolve) => setImmediate(resolve));
  }
  flushRequestLog();
  const used = process.cpuUsage(cpu);
  const figures: ChildFigures = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
  process.stderr.write(`LOG_COST ${JSON.stringify(figures)}\n`);
}

function measure(logRequests: "0" | "1", burst: number, dir: string): ChildFigures & { bytes: number; lines: number } {
  const file = path.join(dir, `log-${logRequests}.jsonl`);
  const fd = openSync(file, "w");
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join("bench", "request-log-cost.ts"), "--child", String(burst)], {
    env: { ...process.env, LOG_REQUESTS: logRequests, NODE_ENV: "production", DATA_DIR: dir, OTP_PEPPER: "x".repeat(32), SESSION_SECRET: "x".repeat(32), PAYMENT_LINK_SECRET: "x".repeat(32) },
    stdio: ["ignore", fd, "pipe"],
    encoding: "utf8",
  });
  closeSync(fd);
  const line = run.stderr.split("\n").find((l) => l.startsWith("LOG_COST "));
  if (run.status !== 0 || !line) throw new Error(`child failed (${run.status}):\n${run.stderr}`);
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.includes('"v3 request"')).length;
  return { ...(JSON.parse(line.slice("LOG_COST ".length)) as ChildFigures), bytes: statSync(file).size, lines };
}

function main(): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-log-cost-"));
  try {
    for (const burst of BURSTS) {
      const perLine: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Off and on alternately, so drift on the machine hits both.
        const off = measure("0", burst, dir);
        const on = measure("1", burst, dir);
        const expected = LINES + 2000;
        if (on.lines !== expected) throw new Error(`expected ${expected} lines in the file, found ${on.lines}`);
        const us = Math.round((((on.cpuMs - off.cpuMs) * 1000) / LINES) * 100) / 100;
        perLine.push(us);
        console.log(JSON.stringify({ round: round + 1, lines: LINES, burst, cpuMsOn: Math.round(on.cpuMs), cpuMsOff: Math.round(off.cpuMs), wallMsOn: Math.round(on.wallMs), bytesPerLine: Math.round(on.bytes / on.lines), cpuMicrosecondsPerLine: us }));
      }
      const { median, spreadPercent } = summarise(perLine);
      console.log(JSON.stringify({ msg: "request log line cost", linesPerTurn: burst, cpuMicrosecondsPerLine: { median, min: Math.min(...perLine), max: Math.max(...perLine), spreadPercent }, loadAverage: os.loadavg().map((v) => Math.round(v * 10) / 10) }));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--child")) {
  child(Number(process.argv[process.argv.indexOf("--child") + 1])).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main();
}
