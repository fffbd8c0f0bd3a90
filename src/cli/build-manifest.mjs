// Which sources a build came from. `npm run build` writes <distDir>/sandi-build.json
// with a SHA-256 over every file the build reads (the app's sources, public files,
// the Prisma schema, the package manifest and lockfile, the build configuration);
// a start compares it with the files it would serve. Content, not modification
// times: a container image or a fresh checkout carries new mtimes for old files.
// Plain JavaScript: the build script and the start-up check share it without a
// TypeScript loader.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const MANIFEST_FILE = "sandi-build.json";

/** What a build reads, relative to the app's root. src/generated is derived from prisma/schema.prisma. */
export const BUILD_INPUTS = ["src", "public", "prisma/schema.prisma", "package.json", "package-lock.json", "next.config.mjs", "postcss.config.mjs", "tsconfig.json"];
const SKIPPED_DIRS = new Set(["generated", "node_modules"]);

function listFiles(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .filter((entry) => !SKIPPED_DIRS.has(entry))
    .flatMap((entry) => listFiles(root, path.posix.join(relative, entry)));
}

/** SHA-256 over the names and contents of every build input; a file added, removed or changed changes it. */
export function sourceFingerprint(root) {
  const hash = createHash("sha256");
  for (const file of BUILD_INPUTS.flatMap((input) => listFiles(root, input)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function manifestPath(root, distDir) {
  return path.join(root, distDir, MANIFEST_FILE);
}

/**
 * Whether the build in distDir can be served as it is.
 * @returns {{ state: "fresh" } | { state: "missing" | "stale", reason: string }}
 */
export function checkBuild(root, distDir) {
  const file = manifestPath(root, distDir);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return { state: "missing", reason: `no finished build in ${distDir} (${MANIFEST_FILE} is missing or unreadable)` };
  }
  const current = sourceFingerprint(root);
  if (manifest.sources !== current) {
    return { state: "stale", reason: `the build in ${distDir} was made from other sources (built from ${String(manifest.sources).slice(0, 12)}, sources are ${current.slice(0, 12)})` };
  }
  return { state: "fresh" };
}
