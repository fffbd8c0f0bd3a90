import { isIP } from "node:net";
import { getEnv } from "@/env";
import { boundedMemo } from "@/server/lib/bounded-memo";
import { normalizeIp } from "@/server/lib/ip-allowlist";
import { DEFAULT_TRUSTED_PROXIES, parseProxyRanges, type ProxyRanges } from "@/server/lib/proxy-ranges";

/**
 * The connection's address, as the production server's front (src/server/front/serve-front.mjs,
 * prepareRequest) wrote it from the socket after deleting any copy the client sent.
 * Route handlers only see a Fetch Request, so this header is how the socket reaches them.
 */
export const PEER_ADDRESS_HEADER = "x-sandi-peer-address";

/**
 * Set on globalThis by the front when it stamps its first request. Without it (`next
 * dev`, or `next start` run by hand) nothing strips a client's own copy of the header,
 * so the header is ignored and the client address is unknown: the allowlist then
 * refuses (fails closed) and the throttles count everyone under one "unknown" key.
 */
const FRONT_FLAG = "__sandiPeerFront";

/**
 * The client's address. The connection's own address, unless that connection comes
 * from a trusted proxy (TRUSTED_PROXIES; loopback and private ranges by default):
 * then the spec's order applies, the CDN's connecting-IP header (CF-Connecting-IP),
 * X-Real-IP, the first X-Forwarded-For address, and last the connection itself.
 * Anyone else sending those headers is ignored, so a client cannot pick its address.
 *
 * From a trusted proxy, the first header present wins even when its value is not an
 * address: it then matches no allowlist entry (403) instead of letting a client pick a
 * later, more convenient header.
 */
export function resolveClientIp(headers: Pick<Headers, "get">, trusted: ProxyRanges = trustedProxies()): string | null {
  const peer = connectionAddress(headers);
  if (peer === null) return null;
  if (!trusted.contains(peer)) return peer;
  const candidates = [headers.get("cf-connecting-ip"), headers.get("x-real-ip"), headers.get("x-forwarded-for")?.split(",")[0]];
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value) return normalizeIp(stripPort(value));
  }
  return peer;
}

function connectionAddress(headers: Pick<Headers, "get">): string | null {
  if ((globalThis as Record<string, unknown>)[FRONT_FLAG] !== true) return null;
  const value = headers.get(PEER_ADDRESS_HEADER);
  return value ? peerAddress(value) : null;
}

// The front writes the socket's address, so the same few values come back request after
// request; their parsing (three regular expressions and isIP) is kept for the last 1,024.
const peerAddress = boundedMemo(1024, (header: string): string | null => {
  const value = header.trim();
  if (!value) return null;
  const ip = normalizeIp(stripPort(value));
  return isIP(ip) === 0 ? null : ip;
});

let cachedRanges: { text: string; ranges: ProxyRanges } | undefined;

function trustedProxies(): ProxyRanges {
  const text = getEnv().TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES;
  if (cachedRanges?.text !== text) {
    const parsed = parseProxyRanges(text);
    // env.ts already refused a malformed value at start-up.
    if (!parsed.ok) throw new Error(`TRUSTED_PROXIES: ${parsed.invalid} is not an address or CIDR range`);
    cachedRanges = { text, ranges: parsed.ranges };
  }
  return cachedRanges.ranges;
}

/** Some proxies append the client's port: "203.0.113.7:51234", "[2001:db8::1]:443". */
function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (v4WithPort && isIP(v4WithPort[1]) === 4) return v4WithPort[1];
  return value;
}
