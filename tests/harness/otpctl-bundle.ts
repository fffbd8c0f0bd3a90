// otpctl for the tests, bundled once per run: starting tsx for each call compiled
// the whole CLI again (about 3 s a call on an idle machine, and a test with many
// calls hit its timeout under load); the bundle starts in about 0.4 s. It is built
// from the same sources at the start of the run, and lives under node_modules so
// the packages it leaves external resolve as they do for the CLI itself.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { serverBundleOptions } from "../../src/cli/v3-bundle.mjs";

export async function bundleOtpctl(runId: string): Promise<{ file: string; remove: () => void }> {
  const root = process.cwd();
  const file = path.join(root, "node_modules", ".cache", "sandi-tests", `otpctl-${runId}.mjs`);
  await build({ entryPoints: [path.join(root, "src", "cli", "otpctl.ts")], ...serverBundleOptions(root, file) });
  return { file, remove: () => rmSync(file, { force: true }) };
}
