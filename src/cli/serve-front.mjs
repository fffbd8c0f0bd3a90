// What the production server's front answers by itself, before Next.js: requests
// Next cannot turn into a Fetch Request (TRACE, TRACK, CONNECT), methods outside
// the standard set on /v3, paths whose percent-encoding cannot be decoded, and
// requests Node's parser rejects. Each gets the API's JSON envelope instead of
// Next's plain-text 500, dropped connection or empty 400. It also straightens
// /v3 paths with a trailing or doubled slash, which Next would answer with a
// plain-text 308. Pure, so tests can import it without starting a server.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";

const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const FORBIDDEN_BY_FETCH = new Set(["TRACE", "TRACK", "CONNECT"]);

/** @typedef {{ status: number, headers: Record<string, string | number>, body: string }} FrontAnswer */

/** @returns {FrontAnswer} */
export function envelopeAnswer(status, code, message) {
  const body = JSON.stringify({ success: false, data: null, error: { code, message } });
  return {
    status,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store", "x-request-id": randomUUID() },
    body,
  };
}

/**
 * @param {string} method
 * @param {string | undefined} url
 * @returns {FrontAnswer | null} null lets Next handle the request
 */
export function frontAnswer(method, url) {
  const path = pathOf(url);
  const isApi = isApiPath(path);
  if (FORBIDDEN_BY_FETCH.has(method) || (isApi && !STANDARD_METHODS.has(method))) {
    return envelopeAnswer(405, "METHOD_NOT_ALLOWED", `Metode ${method} tidak didukung.`);
  }
  if (!decodable(path)) {
    return isApi
      ? envelopeAnswer(400, "VALIDATION_ERROR", "Alamat permintaan berisi karakter yang tidak valid.")
      : { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Bad Request" };
  }
  return null;
}

/**
 * The URL Next should see: under /v3, runs of slashes collapse and a trailing slash
 * goes, so `/v3/request/` is the same endpoint as `/v3/request` (not a redirect a
 * merchant's HTTP client may not follow with its body). Other URLs are unchanged.
 * @param {string | undefined} url
 * @returns {string}
 */
export function apiUrl(url) {
  const raw = url ?? "/";
  const cut = raw.indexOf("?");
  const path = cut < 0 ? raw : raw.slice(0, cut);
  const straight = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  if (straight === path || !isApiPath(straight)) return raw;
  return cut < 0 ? straight : straight + raw.slice(cut);
}

function pathOf(url) {
  return (url ?? "/").split("?")[0];
}

function isApiPath(path) {
  return path === "/v3" || path.startsWith("/v3/");
}

function decodable(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Must equal PEER_ADDRESS_HEADER in src/server/lib/client-ip.ts (a test checks it). */
export const PEER_ADDRESS_HEADER = "x-sandi-peer-address";

/**
 * Hands the connection's address to the route handlers, which only see a Fetch
 * Request: deletes whatever copy of the header the client sent and writes the
 * socket's address in its place. Call once per request, before any routing. The
 * flag on globalThis tells the resolver that a front strips the header, so it may
 * believe it (under `next dev` nothing does, and the header is ignored).
 * @param {import("node:http").IncomingMessage} req
 */
export function stampPeerAddress(req) {
  globalThis.__sandiPeerFront = true;
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
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
