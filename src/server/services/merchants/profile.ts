import { namedQuery, runAutocommit } from "@/server/db/sql";
import type { FraudGuardLevel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";

/**
 * What creating an OTP needs of the merchant. The /v3 wrapper has it cached with the API key (at most a second old).
 * `id` is the world the key acts on (the live row or its test world); the rest is the live account's.
 */
export type MerchantProfile = {
  id: number;
  /** False for a test world: the sandbox delivers, test saldo pays (docs/test-mode.md). */
  livemode: boolean;
  name: string;
  brandName: string;
  brandEmail: string;
  /** Per-channel price overrides as stored. */
  prices: unknown;
  smsAppHash: string | null;
  /** Message language when a creation names none ("id" or "en" as stored). */
  defaultLocale: string;
  /** Domain of the origin-bound SMS line (WebOTP / iOS autofill), or null. */
  smsDomain: string | null;
  /** Allowed country codes per channel class as stored (overrides of the defaults); read with effectiveGeoPermissions. */
  geoPermissions: unknown;
  fraudGuard: FraudGuardLevel;
};

/**
 * The profile's columns in SQL that joins the world's row as `w` to its account's (the
 * live row: itself, or the one a test world belongs to) as `a`; read with profileFromColumns.
 */
export const PROFILE_COLUMNS = `w.id AS world_id, w.live_merchant_id IS NULL AS livemode, a.name, a.brand_name, a.brand_email, a.prices,
  a.sms_app_hash, a.default_locale, a.sms_domain, a.geo_permissions, a.fraud_guard`;

export type ProfileColumns = {
  world_id: number;
  livemode: boolean;
  name: string;
  brand_name: string;
  brand_email: string;
  prices: unknown;
  sms_app_hash: string | null;
  default_locale: string;
  sms_domain: string | null;
  geo_permissions: unknown;
  fraud_guard: FraudGuardLevel;
};

export function profileFromColumns(r: ProfileColumns): MerchantProfile {
  return {
    id: r.world_id,
    livemode: r.livemode,
    name: r.name,
    brandName: r.brand_name,
    brandEmail: r.brand_email,
    prices: r.prices,
    smsAppHash: r.sms_app_hash,
    defaultLocale: r.default_locale,
    smsDomain: r.sms_domain,
    geoPermissions: r.geo_permissions,
    fraudGuard: r.fraud_guard,
  };
}

const readProfile = namedQuery("merchant-profile", `SELECT ${PROFILE_COLUMNS} FROM merchants w JOIN merchants a ON a.id = COALESCE(w.live_merchant_id, w.id) WHERE w.id = $1`);

/** The profile of a world (live row or test world) read fresh, for callers outside /v3 (the dashboard, operators). */
export async function loadMerchantProfile(merchantId: number): Promise<MerchantProfile> {
  const [row] = await runAutocommit<ProfileColumns>(readProfile, [merchantId]);
  if (!row) throw new AppError("NOT_FOUND", "Merchant tidak ditemukan.");
  return profileFromColumns(row);
}
