// otpctl for the tests, bundled once per run: starting tsx for each call compiled
// the whole CLI again (about 3 s a call on an idle machine, and a test with many
// calls hit its timeout under load); the bundle starts in about 0.4 s. It is built
// from the same sources at the start of the run, and lives under node_modules so
// the packages it leaves external resolve as they do for the CLI itself.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

export async function bundleOtpctl(runId: string): Promise<{ file: string; remove: () => void }> {
  const root = process.cwd();
  const file = path.join(root, "node_modules", ".cache", "sandi-tests", `otpctl-${runId}.mjs`);
  await build({
    entryPoints: [path.join(root, "src", "cli", "otpctl.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile: file,
    logLevel: "warning",
    // The generated Prisma client reads import.meta.url; CommonJS packages loaded from an ES module need require.
    banner: { js: "import { createRequire as __sandiRequire } from 'node:module'; const require = __sandiRequire(import.meta.url);" },
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
