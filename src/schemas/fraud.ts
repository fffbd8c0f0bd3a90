// Fraud guard settings and block log shapes, shared by otpctl, the dashboard and the service.
import { z } from "zod";
import { storedEnum } from "./stored-enum";

/** Channel classes geo permissions are set for; whatsapp_inbound counts as whatsapp. E-mail has no country and is never restricted. */
export const GEO_CLASSES = ["sms", "voice", "misscall", "whatsapp"] as const;
export type GeoClass = (typeof GEO_CLASSES)[number];

/** "*" alone means every country. */
export const ANY_COUNTRY = "*";

export const FRAUD_GUARD_LEVELS = ["off", "standard", "max"] as const;
export const fraudGuardLevel = z.enum(FRAUD_GUARD_LEVELS, { error: "Tingkat fraud guard harus off, standard atau max." });

export const countryCodes = z
  .array(z.string().trim().regex(/^(\*|[1-9]\d{0,2})$/, "Kode negara harus 1–3 digit tanpa '+' (contoh 62), atau * untuk semua negara."))
  .min(1, "Isi minimal satu kode negara, atau * untuk semua negara.")
  .max(60, "Maksimal 60 kode negara.")
  .transform((codes) => (codes.includes(ANY_COUNTRY) ? [ANY_COUNTRY] : [...new Set(codes)]));

export const geoPermissionsUpdate = z.partialRecord(z.enum(GEO_CLASSES, { error: `Kelas channel harus salah satu dari ${GEO_CLASSES.join(", ")}.` }), countryCodes);
export type GeoPermissions = Record<GeoClass, string[]>;

export const securitySettingsInput = z.object({ geoPermissions: geoPermissionsUpdate.optional(), fraudGuard: fraudGuardLevel.optional() });
export type SecuritySettingsInput = z.input<typeof securitySettingsInput>;
export type SecuritySettingsChange = z.output<typeof securitySettingsInput>;

export const unblockPrefixInput = z.object({ prefix: z.string().trim().regex(/^\d{2,8}$/, "Prefix harus 2–8 digit.") });

export const unblockPrefixOutput = z.object({ prefix: z.string(), lifted_blocks: z.number().int() });

/** Why a request was refused; a later release may add rules (the log shows their rows with the reason as stored). */
export const FRAUD_BLOCK_REASONS = ["geo", "blocklist", "prefix_spike", "verified_nothing", "signal_velocity"] as const;

export const fraudBlockRow = z.object({
  id: z.string(),
  reason: storedEnum(FRAUD_BLOCK_REASONS),
  prefix: z.string(),
  channel: z.string(),
  started_at: z.string(),
  last_blocked_at: z.string(),
  expires_at: z.string(),
  blocked: z.number().int(),
  window_creations: z.number().int(),
  window_verified: z.number().int(),
  expected: z.number().int(),
  active: z.boolean(),
  unblocked_at: z.string().nullable(),
});
export type FraudBlockRow = z.infer<typeof fraudBlockRow>;

export const fraudSettingsOutput = z.object({
  geo_permissions: z.record(z.enum(GEO_CLASSES), z.array(z.string())),
  fraud_guard: z.enum(FRAUD_GUARD_LEVELS),
});

/** SMS, voice and missed calls are what pumping buys: Indonesia only until the merchant opens more. */
export const DEFAULT_GEO_PERMISSIONS: GeoPermissions = { sms: ["62"], voice: ["62"], misscall: ["62"], whatsapp: [ANY_COUNTRY] };
