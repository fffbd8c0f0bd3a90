// A merchant's fraud guard settings, as the dashboard and otpctl read and change them.
// Plain columns on merchants, read on the hot path through MerchantProfile.
import type { FraudGuardLevel } from "@/generated/prisma/enums";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { GeoPermissions, SecuritySettingsChange } from "@/schemas/fraud";
import { effectiveGeoPermissions } from "./geo";
import { auditSettingsChange } from "@/server/services/audit/merchant-changes";
import { operatorOn, type ChangeBy } from "@/server/services/audit/record-audit";

export type FraudSettings = { geo_permissions: GeoPermissions; fraud_guard: FraudGuardLevel };

export function presentSettings(stored: { geoPermissions: unknown; fraudGuard: FraudGuardLevel }): FraudSettings {
  return { geo_permissions: effectiveGeoPermissions(stored.geoPermissions), fraud_guard: stored.fraudGuard };
}

export async function fraudSettings(merchantId: number): Promise<FraudSettings> {
  const db = await getDb();
  const m = await db.merchant.findUnique({ where: { id: merchantId }, select: { geoPermissions: true, fraudGuard: true } });
  if (!m) throw new AppError("NOT_FOUND", "Merchant tidak ditemukan.");
  return presentSettings(m);
}

/** Classes not named keep their setting; the /v3 profile cache picks the change up within a second. */
export async function updateFraudSettings(merchantId: number, data: SecuritySettingsChange, by: ChangeBy = operatorOn(merchantId)): Promise<FraudSettings> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const m = await tx.merchant.findUnique({ where: { id: merchantId }, select: { geoPermissions: true, fraudGuard: true } });
    if (!m) throw new AppError("NOT_FOUND", "Merchant tidak ditemukan.");
    const geoPermissions = data.geoPermissions ? { ...effectiveGeoPermissions(m.geoPermissions), ...data.geoPermissions } : undefined;
    const updated = await tx.merchant.update({ where: { id: merchantId }, data: { geoPermissions, fraudGuard: data.fraudGuard }, select: { geoPermissions: true, fraudGuard: true } });
    await auditSettingsChange(tx, by, { geoPermissions: effectiveGeoPermissions(m.geoPermissions), fraudGuard: m.fraudGuard }, { geoPermissions, fraudGuard: data.fraudGuard });
    return presentSettings(updated);
  });
}
