// Runs bench/lib/prepare-database.ts (migrate, seed the merchants) with a checkout's own tsx
// and reads back the API keys it printed.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

/**
 * `script` is prepare-database.ts, or a copy of it inside `dir` (another ref's checkout, so `@/`
 * resolves to that build's src). Asynchronous: a blocked event loop could not answer Ctrl-C.
 */
export async function preparedKeys(options: { dir: string; script: string; merchants: number; env: Record<string, string> }): Promise<string[]> {
  const { stdout } = await promisify(execFile)(path.join(options.dir, "node_modules", ".bin", "tsx"), [options.script, String(options.merchants)], {
    cwd: options.dir,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    maxBuffer: 10 * 1024 * 1024,
  });
  const line = stdout.split("\n").find((l) => l.startsWith("BENCH_PREPARED "));
  if (!line) throw new Error(`prepare-database printed no result:\n${stdout}`);
  return (JSON.parse(line.slice("BENCH_PREPARED ".length)) as { keys: string[] }).keys;
}
