// `npm run bench -- --compare <git-ref>`: the ref checked out into a throw-away git
// worktree under bench/tmp (git-ignored), installed with `npm ci` (from the npm
// cache where it can) and built like the working tree. Only the server under test
// comes from there; the bench code that drives and measures both is the working
// tree's. The worktree is kept, keyed by commit, so a second comparison against
// the same commit skips the install and the build; `git worktree remove` (or
// deleting bench/tmp and `git worktree prune`) discards it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { TMP_DIR } from "./load-client";

export type Checkout = { ref: string; sha: string; dir: string; installSeconds: number };

export function checkoutRef(ref: string): Checkout {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8" }).trim();
  const dir = path.join(TMP_DIR, `compare-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, "package.json"))) {
    execFileSync("git", ["worktree", "prune"]);
    execFileSync("git", ["worktree", "add", "--detach", "--force", dir, sha], { stdio: ["ignore", "inherit", "inherit"] });
  }
  let installSeconds = 0;
  if (!existsSync(path.join(dir, "node_modules", ".package-lock.json"))) {
    const started = Date.now();
    const npm = spawnSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
    if (npm.status !== 0) throw new Error(`npm ci in ${dir} failed (exit ${npm.status})`);
    installSeconds = (Date.now() - started) / 1000;
  }
  return { ref, sha, dir, installSeconds };
}
