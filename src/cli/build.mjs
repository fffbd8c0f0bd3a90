// `npm run build`: everything a production start serves, into NEXT_DIST_DIR (.next):
// Next's build, the /v3 bundle and the start-up bundles of SERVER_ROLE=api
// (v3-bundle.mjs), and last the manifest naming the sources it was made from
// (build-manifest.mjs). The fingerprint is taken before building, so a file edited
// during the build leaves the build stale rather than wrongly fresh; the manifest is
// written only when every step succeeded.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { manifestPath, sourceFingerprint } from "./build-manifest.mjs";
import { bundleStartUp, bundleV3Routes } from "./v3-bundle.mjs";

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";
const manifest = manifestPath(root, distDir);

const sources = sourceFingerprint(root);
// An interrupted build must not keep the manifest of the one before it.
rmSync(manifest, { force: true });
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const next = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
if (next.status !== 0) process.exit(next.status ?? 1);

const routes = await bundleV3Routes(root, path.join(root, distDir));
await bundleStartUp(root, path.join(root, distDir));
mkdirSync(path.dirname(manifest), { recursive: true });
writeFileSync(manifest, `${JSON.stringify({ sources, builtAt: new Date().toISOString(), v3Routes: routes }, null, 2)}\n`);
console.log(`Build ready in ${distDir} (sources ${sources.slice(0, 12)}, ${routes} /v3 routes).`);
