// A route's `--config` keys against its adapter's list (adapter-kinds.ts): which are
// stored as given, which are "<key>_env" references, which are secrets to seal, and
// what they resolve to when the route is built.
import { ENV_NAME, namedVariable } from "@/env";
import { AppError } from "@/server/errors";
import type { VendorRoute } from "@/generated/prisma/client";
import type { AdapterKind, ConfigKey, Settings } from "./adapter-kinds";
import { openSecrets } from "./route-secrets";

/** What a route stores: plain settings and "<key>_env" references, and the secrets to seal. */
export type StoredSettings = { config: Record<string, string>; secrets: Record<string, string> };

const ENV_SUFFIX = "_env";

/** What a stored route holds; `sealedOpen` false when its secrets were sealed under another OTP_PEPPER. */
export function storedSettings(row: Pick<VendorRoute, "name" | "config" | "secretConfig">): StoredSettings & { sealedOpen: boolean } {
  const secrets = openSecrets(row.name, row.secretConfig);
  return { config: (row.config ?? {}) as Record<string, string>, secrets: secrets ?? {}, sealedOpen: secrets !== null };
}

function refuse(message: string, field = "config"): never {
  throw new AppError("VALIDATION_ERROR", message, { field });
}

function keyOf(kind: AdapterKind, given: string): ConfigKey {
  const base = given.endsWith(ENV_SUFFIX) ? given.slice(0, -ENV_SUFFIX.length) : given;
  const key = kind.keys.find((k) => k.key === base);
  if (!key) {
    const known = kind.keys.map((k) => (k.secret ? `${k.key}_env (or ${k.key}, stored encrypted)` : k.key));
    refuse(`the ${kind.name} adapter has no setting "${given}"; its keys: ${known.join(", ") || "none"}`);
  }
  return key;
}

/**
 * Applies `changes` (key=value; an empty value removes the key in both its forms) to what a
 * route stores, and checks that every required key is given one way or the other.
 */
export function applySettings(kind: AdapterKind, current: StoredSettings, changes: Record<string, string>): StoredSettings {
  const config = { ...current.config };
  const secrets = { ...current.secrets };
  for (const [given, value] of Object.entries(changes)) {
    const key = keyOf(kind, given);
    delete config[key.key];
    delete config[key.key + ENV_SUFFIX];
    delete secrets[key.key];
    if (value === "") continue;
    if (given.endsWith(ENV_SUFFIX)) {
      if (!ENV_NAME.test(value)) refuse(`${given} names an environment variable: upper-case letters, digits and _, got "${value}"`);
      config[given] = value;
    } else if (key.secret) secrets[key.key] = value;
    else config[key.key] = value;
  }
  for (const key of kind.keys) {
    const given = config[key.key] ?? config[key.key + ENV_SUFFIX] ?? secrets[key.key];
    if (key.required && !given) {
      const how = key.secret ? `${key.key}_env=VAR (or ${key.key}=…, stored encrypted)` : `${key.key}=…`;
      refuse(`the ${kind.name} adapter needs --config ${how}: ${key.description}`);
    }
  }
  return { config, secrets };
}

/** The settings a route is built with, or why it cannot be (a referenced variable is not set in this process). */
export function resolveSettings(kind: AdapterKind, stored: StoredSettings): { settings: Settings; problem: string | null } {
  const settings: Settings = {};
  const problems: string[] = [];
  for (const key of kind.keys) {
    const variable = stored.config[key.key + ENV_SUFFIX];
    const value = stored.config[key.key] ?? (variable ? namedVariable(variable) : undefined) ?? stored.secrets[key.key] ?? key.fallback;
    if (variable && value === undefined) problems.push(`${variable} (${key.key}) is not set`);
    else if (key.required && !value) problems.push(`${key.key} is missing`);
    settings[key.key] = value;
  }
  return { settings, problem: problems.length ? problems.join("; ") : null };
}
