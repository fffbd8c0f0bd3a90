// The previous release's code, checked out beside this tree: `git archive` of the commit
// named in prisma/previous-release into a temporary directory (the repository's own
// state is not touched), with this tree's node_modules linked in when its lockfile is
// covers it (else `npm ci` there), its own Prisma client generated, and its
// prisma/migrations and migration runner replaced by this tree's, so its test harness
// migrates its databases with the NEW migrations applied the way the new release's
// `otpctl migrate` applies them (a real rollout never runs new migrations with the old runner).
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = process.cwd();

function run(command: string, args: string[], options: SpawnSyncOptions & { what: string }): string {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) throw new Error(`${options.what} failed (${command} ${args.join(" ")}):\n${result.stderr || result.stdout || result.error}`);
  return String(result.stdout);
}

/** The migration runner and what it imports: the new release's, since its `otpctl migrate` applies the migrations. */
const RUNNER_FILES = ["src/server/db/migrate.ts", "src/server/db/pooler.ts", "src/server/db/sql-statements.ts"];

/** Every package the old lockfile installs is installed here at the same version (this tree only added or kept packages). */
function installCovers(currentLock: string, previousLock: string): boolean {
  type Lock = { packages?: Record<string, { version?: string }> };
  const current = (JSON.parse(readFileSync(currentLock, "utf8")) as Lock).packages ?? {};
  const previous = (JSON.parse(readFileSync(previousLock, "utf8")) as Lock).packages ?? {};
  return Object.entries(previous).every(([name, entry]) => name === "" || current[name]?.version === entry.version);
}

export function previousReleaseCommit(): string {
  const ref = readFileSync(path.join(root, "prisma", "previous-release"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith("#"));
  if (!ref) throw new Error("prisma/previous-release names no commit");
  const found = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { cwd: root, encoding: "utf8" });
  if (found.status !== 0) {
    throw new Error(`The previous release's commit ${ref} (prisma/previous-release) is not in this clone's history; fetch it (a shallow clone needs \`git fetch --unshallow\`).`);
  }
  return found.stdout.trim();
}

export type PreviousRelease = { dir: string; commit: string; remove: () => void };

export function checkOutPreviousRelease(): PreviousRelease {
  const commit = previousReleaseCommit();
  const dir = mkdtempSync(path.join(os.tmpdir(), "sandi-previous-release-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = path.join(dir, "release.tar");
    run("git", ["archive", "--format=tar", "-o", archive, commit], { cwd: root, what: "git archive of the previous release" });
    run("tar", ["-xf", archive, "-C", dir], { what: "unpacking the previous release" });
    rmSync(archive);
    if (installCovers(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json")) && existsSync(path.join(root, "node_modules"))) {
      symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
      run(process.execPath, ["scripts/prisma-generate.mjs"], { cwd: dir, what: "generating the previous release's Prisma client" });
    } else {
      run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, what: "npm ci for the previous release (its package-lock.json differs)" });
    }
    rmSync(path.join(dir, "prisma", "migrations"), { recursive: true, force: true });
    cpSync(path.join(root, "prisma", "migrations"), path.join(dir, "prisma", "migrations"), { recursive: true });
    for (const file of RUNNER_FILES) cpSync(path.join(root, file), path.join(dir, file));
    return { dir, commit, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
