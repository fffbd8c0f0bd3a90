import { getDb } from "@/server/db/client";
import type { FraudGuardLevel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";

/** What creating an OTP needs of the merchant. The /v3 wrapper has it cached with the API key (at most a second old). */
export type MerchantProfile = {
  id: number;
  name: string;
  brandName: string;
  brandEmail: string;
  /** Per-channel price overrides as stored. */
  prices: unknown;
  smsAppHash: string | null;
  /** Allowed country codes per channel class as stored (overrides of the defaults); read with effectiveGeoPermissions. */
  geoPermissions: unknown;
  fraudGuard: FraudGuardLevel;
};

/** The profile read fresh, for callers outside /v3 (the dashboard, operators). */
export async function loadMerchantProfile(merchantId: number): Promise<MerchantProfile> {
  const db = await getDb();
  const m = await db.merchant.findUnique({
    where: { id: merchantId },
    select: { id: true, name: true, brandName: true, brandEmail: true, prices: true, smsAppHash: true, geoPermissions: true, fraudGuard: true },
  });
  if (!m) throw new AppError("NOT_FOUND", "Merchant tidak ditemukan.");
  return m;
}
