// Build step of the /v3 front (see v3-routes.mjs): bundles every src/app/v3/**/route.ts,
// in the order the router matches them, into <distDir>/v3-routes.mjs together with the
// route table. Packages stay external, so the bundle shares node_modules with the rest
// of the app. Runs from `npm run build` only; the server never compiles.
import path from "node:path";
import { build } from "esbuild";
import { findRouteFiles, orderRoutes, V3_BUNDLE_FILE } from "./v3-routes.mjs";

export async function bundleV3Routes(root, distDir) {
  const routes = orderRoutes(findRouteFiles(path.join(root, "src", "app", "v3")));
  const table = JSON.stringify(routes.map((r) => ({ segments: r.segments })));
  const entry = [`export const routeTable = ${table};`, ...routes.map((r, i) => `export * as r${i} from ${JSON.stringify(r.file)};`)].join("\n");
  await build({
    stdin: { contents: entry, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile: path.join(distDir, V3_BUNDLE_FILE),
    logLevel: "warning",
    // The generated Prisma client and a few modules read import.meta.url; CommonJS
    // packages loaded from the bundle need require.
    banner: { js: "import { createRequire as __sandiRequire } from 'node:module'; const require = __sandiRequire(import.meta.url);" },
  });
  return routes.length;
}
