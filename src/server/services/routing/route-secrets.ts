// A route's secrets given on the command line (not as "<key>_env") are stored sealed:
// AES-256-GCM with a key derived from OTP_PEPPER (like a fallback's code), the route's
// name bound in as associated data, so a sealed value copied to another route does not
// open. Every instance shares OTP_PEPPER, so every instance can open them.
import { getEnv } from "@/env";
import { derivedKey, open, seal } from "@/server/lib/sealed-box";

let cached: { pepper: string; key: Buffer } | null = null;

function key(): Buffer {
  const pepper = getEnv().OTP_PEPPER;
  if (cached?.pepper !== pepper) cached = { pepper, key: derivedKey(pepper, "vendor-route-secrets") };
  return cached.key;
}

export function sealSecrets(route: string, secrets: Record<string, string>): string | null {
  return Object.keys(secrets).length === 0 ? null : seal(key(), `route:${route}`, JSON.stringify(secrets));
}

/** Null when they cannot be opened (another OTP_PEPPER sealed them). */
export function openSecrets(route: string, sealed: string | null): Record<string, string> | null {
  if (!sealed) return {};
  const text = open(key(), `route:${route}`, sealed);
  if (text === null) return null;
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}
