// Instructions a server process executes per request, counted by valgrind's callgrind: the same
// figure for the same build and requests whatever else the machine is doing, where CPU time on
// two shared cores spreads by 1.5× between runs. It counts user-space instructions only (the
// process's own code, V8's and libuv's), not the kernel's work for its system calls, so it
// measures what a change to the code costs, not what loopback I/O costs.
//
// A server started under `callgrindCommand` runs uninstrumented (valgrind's JIT, several times
// slower than node) until `countInstructions` switches instrumentation on for one measured
// stretch, zeroes the counters, runs it, dumps and switches it off again.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const CALLGRIND_DIR = path.join(process.cwd(), "bench", "tmp", "callgrind");

/**
 * The command that runs node under callgrind (a script and its arguments follow); dumps go to
 * CALLGRIND_DIR/<name>.<pid>.<n>, valgrind's messages to <name>.<pid>.log. With `jitNames`, node
 * also writes /tmp/perf-<pid>.map (each compiled function's address range and name), from which
 * `npx tsx bench/callgrind-names.ts <dump>` names the JIT code callgrind lists as bare addresses.
 */
export function callgrindCommand(name: string, options: { jitNames?: boolean } = {}): string[] {
  mkdirSync(CALLGRIND_DIR, { recursive: true });
  return [
    "valgrind",
    "--tool=callgrind",
    "--instr-atstart=no",
    // V8 writes and rewrites machine code on the heap: without this valgrind runs stale translations.
    "--smc-check=all-non-file",
    `--callgrind-out-file=${path.join(CALLGRIND_DIR, name)}.%p`,
    // valgrind's own messages, not the server's output.
    `--log-file=${path.join(CALLGRIND_DIR, name)}.%p.log`,
    process.execPath,
    // A server waits idle while the bench loads the others: V8 would then shrink its heap (the memory
    // reducer's collections) and, after a few collections, drop the bytecode and compiled code of the
    // request path, so each run would pay to compile it again. A server under steady load does neither.
    "--no-memory-reducer",
    "--no-flush-bytecode",
    // The perf map goes to /tmp/perf-<pid>.map; the V8 log the flag also starts goes beside the dumps, not into the working directory.
    ...(options.jitNames ? ["--perf-basic-prof", "--no-logfile-per-isolate", `--logfile=${path.join(CALLGRIND_DIR, name)}.v8.log`] : []),
  ];
}

const control = (pid: number, ...args: string[]) => execFileSync("callgrind_control", [...args, String(pid)], { stdio: ["ignore", "pipe", "pipe"] });

/** Dumps of `pid` by number, newest last. */
function dumps(pid: number): string[] {
  if (!existsSync(CALLGRIND_DIR)) return [];
  const suffix = new RegExp(`\\.${pid}\\.(\\d+)$`);
  return readdirSync(CALLGRIND_DIR)
    .filter((f) => suffix.test(f))
    .sort((a, b) => Number(suffix.exec(a)![1]) - Number(suffix.exec(b)![1]))
    .map((f) => path.join(CALLGRIND_DIR, f));
}

function totalOf(file: string): number | null {
  const match = /^totals:\s+(\d+)/m.exec(readFileSync(file, "utf8"));
  return match ? Number(match[1]) : null;
}

/** V8's optimising compilers (TurboFan, Maglev) and Sparkplug: work a warmed-up server no longer does. */
const COMPILER = /v8::internal::(compiler|maglev|baseline)::/;

/** The instructions a dump spent in functions matching `pattern`, their own (not their callees'). */
function selfInstructions(file: string, pattern: RegExp): number {
  const annotated = execFileSync("callgrind_annotate", ["--inclusive=no", "--threshold=100", file], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  let sum = 0;
  for (const line of annotated.split("\n")) {
    const match = /^\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$/.exec(line);
    if (match && pattern.test(match[2])) sum += Number(match[1].replaceAll(",", ""));
  }
  return sum;
}

export type Counted<T> = { result: T; instructions: number; compilerInstructions: number };

/**
 * Runs `measured` with callgrind counting in the server `pid`; returns its result, the instructions
 * executed meanwhile, and how many of them V8's compilers took (what is left of warming up).
 */
export async function countInstructions<T>(pid: number, measured: () => Promise<T>): Promise<Counted<T>> {
  control(pid, "--instr=on");
  control(pid, "--zero");
  const result = await measured();
  const before = dumps(pid).length;
  control(pid, "--dump");
  control(pid, "--instr=off");
  // callgrind_control returns once the dump is asked for; the file is complete when its totals line is there.
  for (let waited = 0; waited < 30_000; waited += 100) {
    const files = dumps(pid);
    const total = files.length > before ? totalOf(files[files.length - 1]) : null;
    if (total !== null) return { result, instructions: total, compilerInstructions: selfInstructions(files[files.length - 1], COMPILER) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`callgrind wrote no dump for process ${pid} within 30 s (${CALLGRIND_DIR})`);
}
