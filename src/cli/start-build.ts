// What `npm start` does about the build. A production start (NODE_ENV=production, as
// the container image sets it) serves a finished build and never builds: a missing
// build, or one made from other sources, stops it with the command that fixes it, so
// every instance serves the one artifact `npm run build` made. A development start
// (the README's `npm start`) builds when the build is missing or stale.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { checkBuild } from "./build-manifest.mjs";
import { log } from "@/server/log";

/** The refusal a production start prints, or undefined when the build can be served. */
export function productionBuildProblem(root: string, distDir: string): string | undefined {
  const found = checkBuild(root, distDir);
  if (found.state === "fresh") return undefined;
  return (
    `Production start refused: ${found.reason}.\n` +
    "A production start (NODE_ENV=production) serves a finished build and never builds or writes into the app directory. " +
    "Run `npm run build` on these sources first (the Dockerfile does it in its build stage), or start without NODE_ENV=production to build on the spot."
  );
}

/** Builds with `npm run build`'s script when needed; returns its exit status (0 when nothing had to be built). */
export function buildWhenNeeded(root: string, distDir: string, env: NodeJS.ProcessEnv): number {
  const found = checkBuild(root, distDir);
  if (found.state === "fresh") return 0;
  log.info({ reason: found.reason }, "building the app (first start or sources changed)");
  const build = spawnSync(process.execPath, [path.join(root, "src", "cli", "build.mjs")], { stdio: "inherit", cwd: root, env: { ...env, NEXT_DIST_DIR: distDir } });
  return build.status ?? 1;
}
