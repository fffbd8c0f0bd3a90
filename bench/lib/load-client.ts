// Runs bench/load.ts as a second process (its own event loop and CPU time) and
// reads back what it measured.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadPlan, PhaseResult } from "./plan";

export const TMP_DIR = path.join(process.cwd(), "bench", "tmp");

export async function runLoad(plan: LoadPlan, label: string): Promise<PhaseResult[]> {
  mkdirSync(TMP_DIR, { recursive: true });
  const planFile = path.join(TMP_DIR, `${label}-plan.json`);
  const resultFile = path.join(TMP_DIR, `${label}-result.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tsx, [path.join("bench", "load.ts"), planFile, resultFile], { stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`load generator exited with ${code}`))));
  });
  return JSON.parse(readFileSync(resultFile, "utf8")) as PhaseResult[];
}
