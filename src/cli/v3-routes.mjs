// The /v3 API without Next's router. `npm start` serves /v3 by calling the route
// handlers of src/app/v3/**/route.ts directly (each file stays the one definition of
// its endpoint, and `next dev` and the tests still run it through Next). The route
// files are bundled once at start-up with esbuild into the build directory: the
// server process runs no TypeScript loader and never reads Next's compiled bundles.
// Next's per-request pipeline costs about 30 times what the 404 envelope costs in
// bare Node (docs/performance.md), and /v3 needs none of it.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * A route table entry: path segments where "[x]" matches one segment and
 * "[...x]" the rest (at least one), as in the App Router.
 * @typedef {{ segments: string[], file: string }} RouteFile
 */

/** @returns {RouteFile[]} every route.ts under the given /v3 directory */
export function findRouteFiles(v3Dir, prefix = []) {
  const found = [];
  for (const entry of readdirSync(v3Dir).sort()) {
    const full = path.join(v3Dir, entry);
    if (statSync(full).isDirectory()) found.push(...findRouteFiles(full, [...prefix, entry]));
    else if (entry === "route.ts") found.push({ segments: prefix, file: full });
  }
  return found;
}

/** Next's precedence: static segments before dynamic ones before catch-alls, at each depth. */
function rank(segment) {
  if (segment.startsWith("[...")) return 2;
  if (segment.startsWith("[")) return 1;
  return 0;
}

export function orderRoutes(routes) {
  return [...routes].sort((a, b) => {
    for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
      if (a.segments[i] === undefined) return -1;
      if (b.segments[i] === undefined) return 1;
      const diff = rank(a.segments[i]) - rank(b.segments[i]);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}

/**
 * Matches "/v3/…" against the ordered table.
 * @returns {{ index: number, params: Record<string, string | string[]> } | null}
 */
export function matchRoute(routes, pathname) {
  const parts = pathname.split("/").slice(2).filter((p) => p !== "");
  for (let index = 0; index < routes.length; index++) {
    const params = matchSegments(routes[index].segments, parts);
    if (params) return { index, params };
  }
  return null;
}

function matchSegments(segments, parts) {
  const params = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i).map(decodeURIComponent);
      return params;
    }
    if (i >= parts.length) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(parts[i]);
    else if (segment !== parts[i]) return null;
  }
  return segments.length === parts.length ? params : null;
}

/**
 * Bundles every route file into `<outDir>/v3-routes.mjs` (packages stay external, so
 * the bundle shares node_modules with the rest of the app) and loads it.
 * @returns {Promise<{ routes: RouteFile[], modules: Record<string, Function>[] }>}
 */
export async function loadV3Routes(root, outDir) {
  const routes = orderRoutes(findRouteFiles(path.join(root, "src", "app", "v3")));
  const entry = routes.map((r, i) => `export * as r${i} from ${JSON.stringify(r.file)};`).join("\n");
  const outfile = path.join(outDir, "v3-routes.mjs");
  await build({
    stdin: { contents: entry, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile,
    logLevel: "warning",
    // The generated Prisma client and a few modules read import.meta.url; CommonJS
    // packages loaded from the bundle need require.
    banner: { js: "import { createRequire as __sandiRequire } from 'node:module'; const require = __sandiRequire(import.meta.url);" },
  });
  const bundle = await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
  return { routes, modules: routes.map((_, i) => bundle[`r${i}`]) };
}
