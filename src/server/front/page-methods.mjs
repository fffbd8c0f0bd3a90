// Which methods a path outside /v3 takes, from the build's own route lists. Only route
// handlers (src/app/**/route.ts) take anything but GET and HEAD: pages, Next's assets
// and the files in public/ are read-only, and the app defines no server actions. Next
// answers a multipart POST to a page or an unknown path as a server action it cannot
// find (409, and a multi-line "Failed to find Server Action" error in the log per
// request) and renders the page for PUT or DELETE; the front answers those itself.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** @typedef {{ handlers: RegExp[], pages: RegExp[], files: Set<string>, serverActions: boolean }} AppRouteTable */

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * The table from the build's manifests as parsed JSON: routes-manifest.json (Next's
 * own regex per route), app-path-routes-manifest.json (which routes are pages and
 * which handlers) and server-reference-manifest.json (the server actions), plus the
 * paths of the files in public/.
 * @returns {AppRouteTable}
 */
export function appRouteTable(routesManifest, appPathRoutes, serverReferences, publicFiles = []) {
  const handlerPages = new Set(Object.entries(appPathRoutes).filter(([entry]) => entry.endsWith("/route")).map(([, page]) => page));
  const routes = [...(routesManifest.staticRoutes ?? []), ...(routesManifest.dynamicRoutes ?? [])];
  const regexes = (handler) => routes.filter((r) => handlerPages.has(r.page) === handler).map((r) => new RegExp(r.regex));
  const actions = Object.keys(serverReferences?.node ?? {}).length + Object.keys(serverReferences?.edge ?? {}).length;
  return { handlers: regexes(true), pages: regexes(false), files: new Set(publicFiles), serverActions: actions > 0 };
}

/**
 * The answer for a request outside /v3 that no route handler takes: 405 with Allow
 * for a page, one of Next's assets or a public file, 404 for a path that is none of
 * them. Both plain text, like the front's other answers outside /v3.
 * @param {string} method
 * @param {string} pathname the path without the query, already known to decode
 * @param {AppRouteTable} table
 * @returns {import("./serve-front.mjs").FrontAnswer | null} null lets Next handle the request
 */
export function pageMethodAnswer(method, pathname, table) {
  // With server actions, a POST to a page may be one (a form without JavaScript sends no Next-Action header).
  if (READ_METHODS.has(method) || table.serverActions) return null;
  const forms = spellings(pathname);
  // Any spelling Next might route to a handler goes to Next, which also redirects `//x` and `/x/`.
  if (forms.some((form) => table.handlers.some((regex) => regex.test(form)))) return null;
  const readOnly = forms.some((form) => form.startsWith("/_next/") || table.files.has(form) || table.pages.some((regex) => regex.test(form)));
  return readOnly
    ? { status: 405, headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Method Not Allowed" }
    : { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Not Found" };
}

/** The path as sent, percent-decoded, with runs of slashes collapsed, and with dot segments resolved. */
function spellings(pathname) {
  const decoded = decodeURIComponent(pathname);
  const forms = new Set([pathname, decoded]);
  for (const form of [...forms]) {
    forms.add(form.replace(/\/{2,}/g, "/"));
    forms.add(new URL(form.replace(/^\/+/, "/"), "http://front.invalid").pathname);
  }
  return [...forms];
}

/** Every file under public/ as the path it is served at. */
function publicPaths(dir, prefix = "") {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? publicPaths(full, `${prefix}/${entry}`) : [`${prefix}/${entry}`];
  });
}

/**
 * Reads the table once, at start: the build's manifests in distDir and the files in
 * appDir/public (which Next serves from the app directory, not the build).
 * @returns {AppRouteTable}
 */
export function loadAppRoutes(distDir, appDir) {
  const read = (...parts) => JSON.parse(readFileSync(path.join(distDir, ...parts), "utf8"));
  return appRouteTable(read("routes-manifest.json"), read("app-path-routes-manifest.json"), read("server", "server-reference-manifest.json"), publicPaths(path.join(appDir, "public")));
}
