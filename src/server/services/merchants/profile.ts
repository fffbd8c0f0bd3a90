import { getDb } from "@/server/db/client";
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

export const PROFILE_SELECT = { name: true, brandName: true, brandEmail: true, prices: true, smsAppHash: true, defaultLocale: true, smsDomain: true, geoPermissions: true, fraudGuard: true } as const;

type ProfileRow = { name: string; brandName: string; brandEmail: string; prices: unknown; smsAppHash: string | null; defaultLocale: string; smsDomain: string | null; geoPermissions: unknown; fraudGuard: FraudGuardLevel };

/** A world's profile from its row selected with PROFILE_SELECT and `live: { select: PROFILE_SELECT }`: the settings are the live account's. */
export function profileOf<W extends { id: number; live: ProfileRow | null }>(world: W & ProfileRow): MerchantProfile {
  const account = world.live ?? world;
  return {
    id: world.id,
    livemode: world.live === null,
    name: account.name,
    brandName: account.brandName,
    brandEmail: account.brandEmail,
    prices: account.prices,
    smsAppHash: account.smsAppHash,
    defaultLocale: account.defaultLocale,
    smsDomain: account.smsDomain,
    geoPermissions: account.geoPermissions,
    fraudGuard: account.fraudGuard,
  };
}

/** The profile of a world (live row or test world) read fresh, for callers outside /v3 (the dashboard, operators). */
export async function loadMerchantProfile(merchantId: number): Promise<MerchantProfile> {
  const db = await getDb();
  const m = await db.merchant.findUnique({ where: { id: merchantId }, select: { id: true, ...PROFILE_SELECT, live: { select: PROFILE_SELECT } } });
  if (!m) throw new AppError("NOT_FOUND", "Merchant tidak ditemukan.");
  return profileOf(m);
}
