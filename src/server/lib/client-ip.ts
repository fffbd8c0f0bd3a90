import { isIP } from "node:net";
import { normalizeIp } from "./ip-allowlist";

/**
 * The spec's resolution order: the CDN's connecting-IP header (CF-Connecting-IP),
 * X-Real-IP, the first X-Forwarded-For address, then the direct connection.
 *
 * Route handlers never see the socket, but Next's own server sets
 * `x-forwarded-for` to the socket's address when the client sent none
 * (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in base-server), so the
 * first X-Forwarded-For entry doubles as the direct address. All of these headers
 * can be forged by a client talking to the app directly: deployments that use the
 * allowlist must sit behind a proxy that sets or strips them (see docs/api-notes.md).
 *
 * The first header present wins, even when its value is not an address: an
 * unparsable value then matches no allowlist entry (403) instead of letting a
 * client pick a later, more convenient header.
 */
export function resolveClientIp(headers: Pick<Headers, "get">): string | null {
  const candidates = [headers.get("cf-connecting-ip"), headers.get("x-real-ip"), headers.get("x-forwarded-for")?.split(",")[0]];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value) return normalizeIp(stripPort(value));
  }
  return null;
}

/** Some proxies append the client's port: "203.0.113.7:51234", "[2001:db8::1]:443". */
function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (v4WithPort && isIP(v4WithPort[1]) === 4) return v4WithPort[1];
  return value;
}
