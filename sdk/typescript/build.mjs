// Builds dist/: one ESM and one CommonJS bundle (esbuild) and the type declarations
// (tsc). Both tools come from the Sandi repository this folder lives in; the package
// itself depends on nothing.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const dist = path.join(here, "dist");
rmSync(dist, { recursive: true, force: true });
const common = { entryPoints: [path.join(here, "src/index.ts")], bundle: true, platform: "node", target: "node18", logLevel: "warning" };
await build({ ...common, format: "esm", outfile: path.join(dist, "index.mjs") });
await build({ ...common, format: "cjs", outfile: path.join(dist, "index.cjs") });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", path.join(here, "tsconfig.build.json")], { stdio: "inherit" });
