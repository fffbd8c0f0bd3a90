// Who a /v3 change is made by: the API key that authenticated it, for the audit log
// (docs/teams.md). Only the key's display prefix is kept, never the key itself.
import { getDb } from "@/server/db/client";
import type { AuthenticatedMerchant } from "@/server/services/api-keys/key-lookup";
import type { ChangeBy } from "./record-audit";

/** The request as the /v3 wrapper gives it (V3Context): its key, the caller's address, its headers (the User-Agent). */
type Caller = { merchant: Pick<AuthenticatedMerchant, "id" | "livemode" | "keyPrefix">; clientIp: string | null; header: (name: string) => string | null };

/**
 * The key's change, as ChangeBy: `merchantId` is the live account's internal id, so the
 * services' worldModeOf tells a test key's change (made in its test world) from a live one.
 * A test key costs one read of its world's row; these are not the hot path's endpoints.
 */
export async function changeByApiKey({ merchant: key, clientIp, header }: Caller): Promise<ChangeBy> {
  const actor = { kind: "api_key" as const, prefix: key.keyPrefix, ip: clientIp, userAgent: header("user-agent") };
  if (key.livemode) return { actor, merchantId: key.id };
  const db = await getDb();
  const world = await db.merchant.findUniqueOrThrow({ where: { id: key.id }, select: { liveMerchantId: true } });
  return { actor, merchantId: world.liveMerchantId ?? key.id };
}
