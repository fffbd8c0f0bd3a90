// People behind merchant accounts (docs/teams.md): the owner a merchant's own login
// became, and new members added straight to an account (no invitation e-mail).
import { getDb } from "@/server/db/client";
import type { Role } from "@/schemas/dashboard/members";
import { hashPassword } from "@/server/services/merchants/merchants";
import { newUserId } from "@/server/services/members/user-id";

/** The public user id of the merchant's first owner (its own login). */
export async function ownerUserId(merchantPublicId: string): Promise<string> {
  const db = await getDb();
  const owner = await db.membership.findFirstOrThrow({ where: { role: "owner", merchant: { merchantId: merchantPublicId } }, orderBy: { id: "asc" }, select: { user: { select: { userId: true } } } });
  return owner.user.userId;
}

/** A person with this role in the merchant (created when the e-mail is new); returns their public user id. */
export async function addMember(merchantPublicId: string, email: string, role: Role, password = "kata-sandi-anggota-1"): Promise<string> {
  const db = await getDb();
  const merchant = await db.merchant.findUniqueOrThrow({ where: { merchantId: merchantPublicId }, select: { id: true } });
  const user = await db.user.upsert({ where: { email }, update: {}, create: { userId: newUserId(), email, name: email.split("@")[0], passwordHash: await hashPassword(password) } });
  await db.membership.create({ data: { userId: user.id, merchantId: merchant.id, role } });
  return user.userId;
}
