// Types for build-manifest.mjs (plain JavaScript, shared by the build script and the start-up check).
export const MANIFEST_FILE: string;
export const BUILD_INPUTS: string[];
export function sourceFingerprint(root: string): string;
export function manifestPath(root: string, distDir: string): string;
export type BuildCheck = { state: "fresh" } | { state: "missing" | "stale"; reason: string };
export function checkBuild(root: string, distDir: string): BuildCheck;
