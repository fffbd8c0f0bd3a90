import { isIP } from "node:net";
import { normalizeIp } from "@/server/lib/ip-allowlist";

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
