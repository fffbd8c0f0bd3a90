// A merchant's IP allowlist: parsed when saved, compiled once per key lookup, checked per /v3 request.
import { isIP } from "node:net";

/** Parses "ip, ip" into exact addresses; returns the offending entry when one is not an exact IP (CIDR is refused). */
export function parseIpAllowlist(text: string): { ok: true; ips: string[] } | { ok: false; invalid: string } {
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const entry of entries) if (isIP(entry) === 0) return { ok: false, invalid: entry };
  return { ok: true, ips: entries.map(normalizeIp) };
}

/**
 * Canonical form so that "::ffff:1.2.3.4" matches "1.2.3.4" and IPv6 case and
 * zero-compression differences do not matter: IPv6 in RFC 5952 form (lower case,
 * longest zero run compressed), which is also how operators read it back.
 */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped) return mapped[1];
  // The WHATWG URL parser serializes IPv6 hosts canonically.
  if (isIP(trimmed) === 6) return new URL(`http://[${trimmed}]`).hostname.slice(1, -1);
  return trimmed;
}

/** null allows every address (the list is empty). */
export type AllowedIps = ReadonlySet<string> | null;

/**
 * Compiles a merchant's stored allowlist once per key lookup. Entries that are not
 * exact addresses (a CIDR range slipped in by hand, a typo) never widen access:
 * they are dropped, and a list with entries but none valid allows nobody.
 */
export function compileIpAllowlist(text: string): AllowedIps {
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (entries.length === 0) return null;
  return new Set(entries.filter((e) => isIP(e) !== 0).map(normalizeIp));
}

export function isIpAllowed(allowed: AllowedIps, clientIp: string | null): boolean {
  if (allowed === null) return true;
  return clientIp !== null && allowed.has(normalizeIp(clientIp));
}
