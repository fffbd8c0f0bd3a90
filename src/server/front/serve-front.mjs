// What the production server's front answers by itself, before Next.js: every
// request Next would answer with a plain-text 500, a redirect, a dropped connection or
// an empty 400 (frontAnswer; unknown Expect values: expectationAnswer; what Node's
// parser rejects: clientErrorAnswer) gets the API's JSON envelope instead. Pure apart from
// prepareRequest and installFront, so tests can import it without starting a server.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { errorBody } from "../envelope.mjs";

const DEFAULT_KEEP_ALIVE_SECONDS = 65;
const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const FORBIDDEN_BY_FETCH = new Set(["TRACE", "TRACK", "CONNECT"]);

/** @typedef {{ status: number, headers: Record<string, string | number>, body: string }} FrontAnswer */

/** @returns {FrontAnswer} */
export function envelopeAnswer(status, code, message) {
  const body = errorBody(code, message);
  return {
    status,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store", "x-request-id": randomUUID() },
    body,
  };
}

/**
 * Requests Next cannot turn into a Fetch Request (TRACE, TRACK, CONNECT), methods
 * outside the standard set on /v3, paths whose percent-encoding cannot be decoded,
 * targets that are not a path (`*`), requests without Host, /v3 paths with dot
 * segments or backslashes (Next would redirect them). /v3 paths with a trailing or
 * doubled slash and absolute-form targets (`GET http://host/v3/...`, which Next would
 * redirect to the host the client named) are straightened by apiUrl instead.
 * @param {string} method
 * @param {string | undefined} url
 * @param {Record<string, string | string[] | undefined>} [headers] the request's headers (Host is checked when given)
 * @returns {FrontAnswer | null} null lets Next handle the request
 */
export function frontAnswer(method, url, headers) {
  const path = pathOf(url);
  if (FORBIDDEN_BY_FETCH.has(method)) return envelopeAnswer(405, "METHOD_NOT_ALLOWED", `Metode ${method} tidak didukung.`);
  if (path === null) return envelopeAnswer(400, "VALIDATION_ERROR", "Target permintaan harus berupa path yang diawali '/'.");
  const isApi = isApiPath(path);
  if (isApi && !STANDARD_METHODS.has(method)) {
    return envelopeAnswer(405, "METHOD_NOT_ALLOWED", `Metode ${method} tidak didukung.`);
  }
  if (headers && !headers.host) return refuse(isApi, "Header Host wajib dikirim.");
  if (!decodable(path)) return refuse(isApi, "Alamat permintaan berisi karakter yang tidak valid.");
  if (isApi && !plainPath(path)) return refuse(true, "Alamat permintaan tidak boleh berisi '.', '..' atau '\\' sebagai segmen.");
  return null;
}

function refuse(isApi, message) {
  return isApi
    ? envelopeAnswer(400, "VALIDATION_ERROR", message)
    : { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Bad Request" };
}

/** An Expect header other than 100-continue (Node would answer a bare 417). */
export function expectationAnswer(url) {
  const path = pathOf(url);
  return path !== null && isApiPath(path)
    ? envelopeAnswer(417, "VALIDATION_ERROR", "Header Expect tidak didukung; hanya 100-continue.")
    : { status: 417, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Expectation Failed" };
}

/**
 * The URL Next should see: an absolute-form target becomes its path (the host
 * it names is not ours to redirect to), and under /v3, runs of slashes collapse
 * and a trailing slash goes, so `/v3/request/` is the same endpoint as
 * `/v3/request` (not a redirect a merchant's HTTP client may not follow with its
 * body). Other URLs are unchanged.
 * @param {string | undefined} url
 * @returns {string}
 */
export function apiUrl(url) {
  const raw = originForm(url ?? "/") ?? url ?? "/";
  const cut = raw.indexOf("?");
  const path = cut < 0 ? raw : raw.slice(0, cut);
  const straight = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  if (straight === path || !isApiPath(straight)) return raw;
  return cut < 0 ? straight : straight + raw.slice(cut);
}

/** "/path?query" as sent, the path and query of an absolute-form "http://host/path?query", or null for anything else ("*"). */
function originForm(url) {
  if (url.startsWith("/")) return url;
  const absolute = /^https?:\/\/[^/?#]*(\/[^?#]*)?(\?[^#]*)?(?:#.*)?$/i.exec(url);
  if (!absolute) return null;
  return (absolute[1] ?? "/") + (absolute[2] ?? "");
}

/** The path of the target, or null when the target is not a path at all. */
function pathOf(url) {
  const form = originForm(url ?? "/");
  return form === null ? null : form.split("?")[0];
}

/** /v3 itself and below it, counting a backslash (plain or %5C) as the separator Next would "correct" it to. */
export function isApiPath(path) {
  return /^\/v3(?:$|\/|\\|%5[cC])/.test(path);
}

/** No dot segments and no backslashes, written plainly or percent-encoded (Next would redirect to a "normalised" URL). */
function plainPath(path) {
  // Without a "%" there is nothing to decode (and nothing to throw on).
  let decoded = path;
  if (path.includes("%")) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
  }
  if (decoded.includes("\\")) return false;
  return !decoded.split("/").some((segment) => segment === "." || segment === "..");
}

function decodable(path) {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Must equal PEER_ADDRESS_HEADER in src/server/http/client-ip.ts (a test checks it). */
export const PEER_ADDRESS_HEADER = "x-sandi-peer-address";

/** Headers that steer Next's router (RSC payloads, server actions, prefetches, middleware); no API client has a use for them. */
const NEXT_ROUTER_HEADER = /^(rsc|next-[a-z-]*|x-middleware-[a-z-]*|x-invoke-[a-z-]*|x-nextjs-[a-z-]*|x-now-route-matches)$/;
/** Never legitimate from a client anywhere: the app has no server actions (a made-up action id got a 500), and the other is Next's own. */
const NEVER_FROM_CLIENTS = ["next-action", "x-middleware-subrequest"];

/**
 * Call once per request, before any routing. Hands the connection's address to
 * the route handlers, which only see a Fetch Request: deletes whatever copy of the
 * peer header the client sent and writes the socket's address in its place. The
 * flag on globalThis tells the resolver that a front strips the header, so it may
 * believe it (under `next dev` nothing does, and the header is ignored). On /v3
 * and /api, also drops the headers that make Next answer as a page router (an
 * `RSC: 1` request got a 307), so every API request reaches its handler, and
 * everywhere a client's Next-Action (the app has no server actions).
 * @param {import("node:http").IncomingMessage} req
 */
export function prepareRequest(req) {
  globalThis.__sandiPeerFront = true;
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
  for (const name of NEVER_FROM_CLIENTS) delete req.headers[name];
  const path = pathOf(req.url);
  if (path === null || !(isApiPath(path) || path.startsWith("/api/"))) return;
  for (const name of Object.keys(req.headers)) if (NEXT_ROUTER_HEADER.test(name)) delete req.headers[name];
}

/**
 * Once per server: lets requests without Host reach frontAnswer (Node would send
 * an empty 400) and answers an unknown Expect with the envelope on /v3 (Node would
 * send an empty 417).
 * @param {import("node:http").Server} server
 */
export function installFront(server) {
  server.requireHostHeader = false;
  // A load balancer reuses its idle connections to an instance until its own idle timeout
  // (AWS's ALB and nginx 60 s, HAProxy's `timeout server`). Node closes an idle one after 5 s
  // by default, so a request the balancer sends just as Node closes it gets a 502 (a POST
  // is not retried). Kept open longer than the balancer keeps it, the balancer closes first.
  // The headers' timeout must exceed it, or a request arriving on a connection idle that
  // long would be cut off (Node's documented race). HTTP_KEEP_ALIVE_SECONDS is validated by
  // the start-up (env.ts); this reads it before the start-up has run.
  const keepAliveMs = (Number(process.env.HTTP_KEEP_ALIVE_SECONDS) || DEFAULT_KEEP_ALIVE_SECONDS) * 1000;
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = Math.max(server.headersTimeout, keepAliveMs + 1000);
  server.on("checkExpectation", (req, res) => {
    const answer = expectationAnswer(req.url);
    res.writeHead(answer.status, { ...answer.headers, connection: "close" }).end(answer.body);
  });
}

/** @param {{ code?: string }} err */
export function clientErrorAnswer(err) {
  return err.code === "HPE_HEADER_OVERFLOW"
    ? envelopeAnswer(431, "VALIDATION_ERROR", "Header permintaan terlalu besar.")
    : envelopeAnswer(400, "VALIDATION_ERROR", "Permintaan HTTP tidak valid.");
}

/** The answer as raw HTTP/1.1 bytes, for sockets that never got a ServerResponse (CONNECT, parse errors). */
export function rawResponse(answer) {
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push("connection: close");
  return `${head.join("\r\n")}\r\n\r\n${answer.body}`;
}
