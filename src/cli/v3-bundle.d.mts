// Types for v3-bundle.mjs (plain JavaScript, run by the build script; the tests bundle otpctl with the same options).
import type { BuildOptions } from "esbuild";
export function serverBundleOptions(root: string, outfile: string): BuildOptions;
export function bundleV3Routes(root: string, distDir: string): Promise<number>;
