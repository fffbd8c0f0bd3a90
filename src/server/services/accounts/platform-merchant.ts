// Sandi's own merchant account. The dashboard's sign-in codes are OTPs the
// service sends to itself through the very service it sells: the same creation,
// delivery, limits, attempt counting and verification as any merchant's /v3 call,
// and the same sandbox inbox and `otpctl sandbox messages` while vendors are
// sandboxed. Created on first use; nobody can sign in to it (no password), and its
// prices are zero, so the platform does not pay itself credits for its own codes.
import { getDb } from "@/server/db/client";
import { CHANNELS } from "@/server/services/merchants/prices";
import { createMerchant, isUniqueViolation, updateMerchant } from "@/server/services/merchants/merchants";
import { loadMerchantProfile, type MerchantProfile } from "@/server/services/merchants/profile";
import { serviceName } from "@/server/services/topups/payee";
import { AppError } from "@/server/errors";

/** A reserved address (.invalid never resolves), so no sign-up can take it. */
export const PLATFORM_MERCHANT_EMAIL = "platform@sandi.invalid";

export async function platformMerchant(): Promise<MerchantProfile> {
  const db = await getDb();
  const existing = await db.merchant.findUnique({ where: { email: PLATFORM_MERCHANT_EMAIL }, select: { id: true } });
  if (existing) return loadMerchantProfile(existing.id);
  try {
    const name = serviceName();
    const created = await createMerchant({ name, email: PLATFORM_MERCHANT_EMAIL, brandName: name }, { withLogin: false });
    await updateMerchant(created.id, { prices: Object.fromEntries(CHANNELS.map((c) => [c, 0])) });
    // It calls the services directly and never /v3: the key every new account gets is revoked at once.
    await db.apiKey.updateMany({ where: { merchantId: created.id }, data: { revokedAt: new Date() } });
    return loadMerchantProfile(created.id);
  } catch (err) {
    // Two first uses at once: the other one created it.
    if (!(err instanceof AppError && err.code === "CONFLICT") && !isUniqueViolation(err)) throw err;
    const row = await db.merchant.findUniqueOrThrow({ where: { email: PLATFORM_MERCHANT_EMAIL }, select: { id: true } });
    return loadMerchantProfile(row.id);
  }
}
