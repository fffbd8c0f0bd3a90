// The /v3 API without Next's router. `npm start` serves /v3 by calling the route
// handlers of src/app/v3/**/route.ts directly (each file stays the one definition of
// its endpoint, and `next dev` and the tests still run it through Next). `npm run
// build` bundles the route files with esbuild into the build directory
// (v3-bundle.mjs): the server process runs no TypeScript loader, compiles nothing
// and never reads Next's compiled bundles.
// Next's per-request pipeline costs about 30 times what the 404 envelope costs in
// bare Node (docs/performance.md), and /v3 needs none of it.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

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

/** decodeURIComponent, skipped for a segment with no escape (it would return it unchanged; ~200 ns a call). */
function decodeSegment(segment) {
  return segment.includes("%") ? decodeURIComponent(segment) : segment;
}

function matchSegments(segments, parts) {
  const params = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i).map(decodeSegment);
      return params;
    }
    if (i >= parts.length) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeSegment(parts[i]);
    else if (segment !== parts[i]) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** The bundle `npm run build` writes next to Next's output (src/cli/v3-bundle.mjs). */
export const V3_BUNDLE_FILE = "v3-routes.mjs";
/** The server's start-up (src/server/start-up/start-up.ts), bundled for a process without Next (SERVER_ROLE=api). */
export const START_UP_BUNDLE_FILE = "server-start-up.mjs";
/** Tracing's start (src/server/tracing/tracing.ts) alone: it must run before the start-up bundle loads pg and ioredis. */
export const TRACING_BUNDLE_FILE = "server-tracing.mjs";

/**
 * Route handlers outside /v3 that the front serves from the same bundle, each at its exact
 * path (src/app<path>/route.ts): the load balancer's health checks and the metrics scrape.
 * Served by Next, a health check enters Next's request context, and from then on every
 * promise the process creates (each /v3 request makes dozens) pays for Next's
 * AsyncLocalStorage instances too (docs/performance.md).
 */
export const FRONT_ROUTE_PATHS = ["/healthz", "/readyz", "/metrics"];

/**
 * Loads the /v3 bundle of a finished build: its route table and one module per route.
 * Nothing is compiled here, so a production start reads the build and writes nothing.
 * @returns {Promise<{ routes: { segments: string[] }[], modules: Record<string, Function>[], exact: Map<string, Record<string, Function>> }>}
 */
export async function loadV3Routes(distDir) {
  const file = path.join(distDir, V3_BUNDLE_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (it bundles the /v3 routes)`);
  const bundle = await import(pathToFileURL(file).href);
  if (!Array.isArray(bundle.routeTable) || !Array.isArray(bundle.exactPaths)) throw new Error(`${file} was made by an older build: run \`npm run build\` again`);
  const exact = new Map(bundle.exactPaths.map((p, i) => [p, bundle[`e${i}`]]));
  return { routes: bundle.routeTable, modules: bundle.routeTable.map((_, i) => bundle[`r${i}`]), exact };
}
