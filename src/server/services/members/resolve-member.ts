// Which merchant a signed-in person is acting in, and as what. A session names the
// person (user id); the merchant is the one they chose (the merchant switch), else
// the one they signed in to, else their first. Not a member (any more) is null:
// removing a member ends their sessions in that account at once.
import { getDb } from "@/server/db/client";
import type { StoredRole } from "@/schemas/dashboard/members";
import { adoptLoginOfMerchant } from "./adopt-login";

export type ActingMember = { userRowId: number; userId: string; email: string; name: string; merchantRowId: number; merchantId: string; role: StoredRole };

export async function resolveMember(userPublicId: string, preferred: (string | null | undefined)[]): Promise<ActingMember | null> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { userId: userPublicId },
    select: { id: true, userId: true, email: true, name: true, memberships: { select: { role: true, merchant: { select: { id: true, merchantId: true } } }, orderBy: { id: "asc" } } },
  });
  if (!user || user.memberships.length === 0) return null;
  const chosen = preferred.map((p) => user.memberships.find((m) => m.merchant.merchantId === p)).find(Boolean) ?? user.memberships[0];
  return { userRowId: user.id, userId: user.userId, email: user.email, name: user.name, merchantRowId: chosen.merchant.id, merchantId: chosen.merchant.merchantId, role: chosen.role };
}

/** A session from before teams names only its merchant: its person is the account's own login. */
export async function userOfLegacySession(merchantPublicId: string): Promise<string | null> {
  const db = await getDb();
  const merchant = await db.merchant.findFirst({ where: { merchantId: merchantPublicId, liveMerchantId: null }, select: { id: true, email: true } });
  if (!merchant) return null;
  await adoptLoginOfMerchant(merchant.id);
  const user = await db.user.findUnique({ where: { email: merchant.email }, select: { userId: true } });
  return user?.userId ?? null;
}

/** Whether a session (sign-in time in epoch seconds) was ended by a password change or reset of its person. */
export async function isUserSessionCutOff(userPublicId: string, sessionId: string, signedInAtSeconds: number): Promise<boolean> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { userId: userPublicId }, select: { sessionsValidFrom: true, sessionKeptId: true } });
  if (!user) return true;
  if (!user.sessionsValidFrom || user.sessionKeptId === sessionId) return false;
  return signedInAtSeconds < Math.floor(user.sessionsValidFrom.getTime() / 1000);
}
