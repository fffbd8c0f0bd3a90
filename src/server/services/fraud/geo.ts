// Geo permissions: which country codes a merchant's costly channels may reach. Pure, on
// the profile the /v3 wrapper already holds, so a refused destination costs no I/O and
// is neither charged nor counted anywhere.
import type { Channel } from "@/generated/prisma/enums";
import { ANY_COUNTRY, DEFAULT_GEO_PERMISSIONS, GEO_CLASSES, type GeoClass, type GeoPermissions } from "@/schemas/fraud";

export { DEFAULT_GEO_PERMISSIONS };
import { countryCodeOf } from "./prefix";


export function geoClassOf(channel: Channel): GeoClass | null {
  if (channel === "email") return null;
  return channel === "whatsapp_inbound" ? "whatsapp" : channel;
}

/** The stored overrides over the defaults; anything malformed in storage falls back to the default. */
export function effectiveGeoPermissions(stored: unknown): GeoPermissions {
  const overrides = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const out = { ...DEFAULT_GEO_PERMISSIONS };
  for (const cls of GEO_CLASSES) {
    const codes = overrides[cls];
    if (Array.isArray(codes) && codes.length > 0 && codes.every((c) => typeof c === "string")) out[cls] = codes as string[];
  }
  return out;
}

/** Whether a phone destination may be reached on this channel; e-mail and unbound destinations always may. */
export function geoAllows(stored: unknown, channel: Channel, destination: string | null): boolean {
  const cls = geoClassOf(channel);
  if (cls === null || destination === null) return true;
  const allowed = effectiveGeoPermissions(stored)[cls];
  return allowed.includes(ANY_COUNTRY) || allowed.includes(countryCodeOf(destination));
}
