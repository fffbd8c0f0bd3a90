// Build step of the /v3 front (see v3-routes.mjs): bundles every src/app/v3/**/route.ts,
// in the order the router matches them, into <distDir>/v3-routes.mjs together with the
// route table, and the route files of the front's exact paths (FRONT_ROUTE_PATHS).
// Packages stay external, so the bundle shares node_modules with the rest of the app.
// Runs from `npm run build` only; the server never compiles.
import path from "node:path";
import { build } from "esbuild";
import { FRONT_ROUTE_PATHS, findRouteFiles, orderRoutes, START_UP_BUNDLE_FILE, TRACING_BUNDLE_FILE, V3_BUNDLE_FILE } from "../server/front/v3-routes.mjs";

/**
 * esbuild options for bundling server code of this checkout into one ES module that
 * runs with plain node: packages stay external (resolved from node_modules as for the
 * app), and the generated Prisma client and a few modules read import.meta.url while
 * CommonJS packages loaded from the bundle need require.
 */
export function serverBundleOptions(root, outfile) {
  return {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile,
    logLevel: "warning",
    banner: { js: "import { createRequire as __sandiRequire } from 'node:module'; const require = __sandiRequire(import.meta.url);" },
  };
}

export async function bundleV3Routes(root, distDir) {
  const routes = orderRoutes(findRouteFiles(path.join(root, "src", "app", "v3")));
  const table = JSON.stringify(routes.map((r) => ({ segments: r.segments })));
  const exactFiles = FRONT_ROUTE_PATHS.map((p) => path.join(root, "src", "app", ...p.split("/").filter(Boolean), "route.ts"));
  const entry = [
    `export const routeTable = ${table};`,
    ...routes.map((r, i) => `export * as r${i} from ${JSON.stringify(r.file)};`),
    `export const exactPaths = ${JSON.stringify(FRONT_ROUTE_PATHS)};`,
    ...exactFiles.map((file, i) => `export * as e${i} from ${JSON.stringify(file)};`),
  ].join("\n");
  await build({ stdin: { contents: entry, resolveDir: root, loader: "js" }, ...serverBundleOptions(root, path.join(distDir, V3_BUNDLE_FILE)) });
  return routes.length;
}

/** What a SERVER_ROLE=api process runs instead of Next's start-up hook (serve.mjs): tracing's start, then the start-up. */
export async function bundleStartUp(root, distDir) {
  const entries = [
    [path.join(root, "src", "server", "tracing", "tracing.ts"), TRACING_BUNDLE_FILE],
    [path.join(root, "src", "server", "start-up", "start-up.ts"), START_UP_BUNDLE_FILE],
  ];
  await Promise.all(entries.map(([entry, file]) => build({ entryPoints: [entry], ...serverBundleOptions(root, path.join(distDir, file)) })));
}
