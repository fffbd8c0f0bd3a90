// Calls a /v3 route handler for a node:http request. Handlers made by the /v3 wrapper
// (src/server/http/v3-route.ts) carry `.direct`, which takes the node request's parts
// and returns the answer as a string; anything else (the OpenAPI document) gets a
// Fetch Request and its Response is written back. The connection's address arrives as
// the front stamped it (prepareRequest in serve-front.mjs), and HEAD is answered by GET
// without a body, as under Next, so an endpoint answers the same either way.
import { MAX_BODY_BYTES } from "../envelope.mjs";
import { apiUrl, frontAnswer, isApiPath, prepareRequest } from "./serve-front.mjs";
import { matchRoute } from "./v3-routes.mjs";

// What next.config.mjs adds to every answer Next serves, for an API: nothing here is
// meant to be framed, sniffed into another type, or to load anything.
const SECURITY_HEADERS = {
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

// The handlers refuse bodies over MAX_BODY_BYTES; one byte more is all they need to see.

/**
 * The dispatcher of /v3 paths and of the front's exact paths (FRONT_ROUTE_PATHS in v3-routes.mjs).
 * @param {{ routes: { segments: string[] }[], modules: Record<string, Function>[], exact?: Map<string, Record<string, Function>> }} table
 */
export function createV3Dispatcher(table, origin) {
  return async function dispatch(req, res, pathname) {
    const exact = table.exact?.get(pathname);
    const match = exact ? { params: {} } : isApiPath(pathname) ? matchRoute(table.routes, pathname) : null;
    const module = exact ?? (match ? table.modules[match.index] : null);
    const method = req.method ?? "GET";
    const handler = module?.[method] ?? (method === "HEAD" ? module?.GET : undefined);
    if (!handler) return false;

    if (handler.direct) {
      const q = req.url?.indexOf("?") ?? -1;
      const search = q < 0 ? "" : req.url.slice(q);
      const incoming = { method, pathname, search, header: (name) => headerOf(req, name), body: () => readBody(req) };
      const answer = await handler.direct(incoming, match.params);
      const body = method === "HEAD" ? "" : answer.body;
      answer.headers["Content-Length"] = String(Buffer.byteLength(answer.body));
      res.writeHead(answer.status, Object.assign(answer.headers, SECURITY_HEADERS));
      res.end(body);
      return true;
    }

    const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
    const request = new Request(origin + req.url, { method, headers: fetchHeaders(req), body: body?.ok && body.text ? body.text : undefined });
    const response = await handler(request, { params: Promise.resolve(match.params) });
    const payload = method === "HEAD" ? null : Buffer.from(await response.arrayBuffer());
    const out = { ...SECURITY_HEADERS };
    response.headers.forEach((value, name) => (out[name] = value));
    if (payload) out["content-length"] = payload.length;
    res.writeHead(response.status, out);
    res.end(payload ?? undefined);
    return true;
  };
}

/**
 * The request listener of a process that serves /v3 alone, without Next (the tests' live
 * server, the bench's API-only process): the front's checks, then the dispatcher (looked up
 * per request: a server knows its origin only once it listens) for /v3 and the front's exact
 * paths; anything else is `notFound`'s.
 * @param {() => ReturnType<typeof createV3Dispatcher>} dispatcher
 * @param {(res: import("node:http").ServerResponse) => void} notFound
 * @param {(res: import("node:http").ServerResponse, err: unknown) => void} failed
 */
export function v3OnlyListener(dispatcher, notFound, failed) {
  return (req, res) => {
    prepareRequest(req);
    const answer = frontAnswer(req.method ?? "", req.url, req.headers);
    if (answer) return void res.writeHead(answer.status, answer.headers).end(answer.body);
    req.url = apiUrl(req.url);
    const pathname = req.url.split("?")[0];
    dispatcher()(req, res, pathname).then(
      (handled) => (handled ? undefined : notFound(res)),
      (err) => failed(res, err),
    );
  };
}

/** Like Headers.get: repeated headers joined with ", " (node keeps set-cookie as an array). */
function headerOf(req, name) {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function fetchHeaders(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The body as the wrapper's capped reader gives it: refused from a declared
 * Content-Length alone, else read until it passes the cap (Node discards the rest once
 * the response is sent).
 * @returns {Promise<{ ok: true, text: string } | { ok: false, error: "too_large" | "unreadable" }>}
 */
function readBody(req) {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.resolve({ ok: false, error: "too_large" });
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeListener("data", onData);
        return resolve({ ok: false, error: "too_large" });
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") }));
    req.on("error", () => resolve({ ok: false, error: "unreadable" }));
  });
}
