// A program a test needs from Debian (pgbouncer, valgrind): installed when missing and this
// shell may (root with apt-get), as `npm test` installs the browser tests' Chromium; otherwise
// the test fails saying what to install.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureDebianPackage(binary: string, pkg: string, neededBy: string): void {
  if (existsSync(binary)) return;
  const mayInstall = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!mayInstall) throw new Error(`${neededBy} need Debian's ${pkg} at ${binary}. Install it with: sudo apt-get install -y ${pkg}`);
  const install = spawnSync("sh", ["-c", `apt-get install -y -qq ${pkg} || (apt-get update -qq && apt-get install -y -qq ${pkg})`], { encoding: "utf8" });
  if (install.status !== 0 || !existsSync(binary)) throw new Error(`Installing ${pkg} from Debian failed:\n${install.stderr}`);
}
