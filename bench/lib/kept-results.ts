// What every bench script records beside its figures: the source it measured, and the
// report kept in bench/results as <kind>-<time>.md with its data in a .json beside it.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const RESULTS_DIR = path.join(import.meta.dirname, "..", "results");

/** The commit the measured code came from, and how many files differed from it (a build includes them). */
export function sourceTree(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const changed = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).split("\n").filter(Boolean).length;
    return changed ? `${head} + ${changed} uncommitted files` : head;
  } catch {
    return "unknown";
  }
}

/** Writes bench/results/<kind>-<at>.md and .json (`at`: an ISO time, made safe for a file name). */
export function keepResults(kind: string, at: string, markdown: string, data: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = at.replaceAll(":", "-").replace(".", "-");
  writeFileSync(path.join(RESULTS_DIR, `${kind}-${stamp}.md`), markdown);
  writeFileSync(path.join(RESULTS_DIR, `${kind}-${stamp}.json`), JSON.stringify(data, null, 2) + "\n");
}
