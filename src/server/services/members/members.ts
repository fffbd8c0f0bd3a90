// The members of an account: who they are, their roles, removal. Ownership moves by
// giving another member the owner role (then the former owner may step down); an
// account always keeps at least one owner, checked under a lock on its owners' rows
// so two owners demoting each other at once cannot both win.
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWib } from "@/lib/wib-time";
import type { Role, StoredRole } from "@/schemas/dashboard/members";
import { recordAudit, type ChangeBy } from "@/server/services/audit/record-audit";
import { adoptLoginOfMerchant } from "./adopt-login";
import { openInvitations } from "./invitations";
import { noticeOwners } from "./owner-notices";
import { permissionsOf } from "@/schemas/dashboard/permissions";

const LAST_OWNER = "Akun harus tetap punya setidaknya satu pemilik. Jadikan anggota lain pemilik terlebih dahulu.";

export async function listMembers(merchantId: number, viewerUserRowId: number | null) {
  await adoptLoginOfMerchant(merchantId);
  const db = await getDb();
  const rows = await db.membership.findMany({ where: { merchantId }, orderBy: { id: "asc" }, include: { user: true } });
  return rows.map((m) => ({
    user_id: m.user.userId,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    two_step: Boolean(m.user.twoStepChannel),
    joined_at: formatWib(m.createdAt),
    you: m.userId === viewerUserRowId,
  }));
}

export async function membersView(merchantId: number, viewerUserRowId: number) {
  return { members: await listMembers(merchantId, viewerUserRowId), invitations: await openInvitations(merchantId) };
}

async function lockMembership(tx: Tx, merchantId: number, userPublicId: string) {
  // Every owner row of the account, locked: the "one owner remains" check below reads a stable count.
  await tx.$queryRawUnsafe(`SELECT id FROM memberships WHERE merchant_id = $1 AND role = 'owner' FOR UPDATE`, merchantId);
  const m = await tx.membership.findFirst({ where: { merchantId, user: { userId: userPublicId } }, include: { user: { select: { email: true } } } });
  if (!m) throw new AppError("NOT_FOUND", "Anggota tidak ditemukan.");
  return m;
}

async function othersOwning(tx: Tx, merchantId: number, membershipId: number): Promise<number> {
  return tx.membership.count({ where: { merchantId, role: "owner", id: { not: membershipId } } });
}

export async function changeRole(by: ChangeBy, userPublicId: string, role: Role): Promise<{ message: string }> {
  const db = await getDb();
  const changed = await db.$transaction(async (tx) => {
    const m = await lockMembership(tx, by.merchantId, userPublicId);
    if (m.role === role) return null;
    if (m.role === "owner" && (await othersOwning(tx, by.merchantId, m.id)) === 0) throw new AppError("CONFLICT", LAST_OWNER);
    await tx.membership.update({ where: { id: m.id }, data: { role } });
    await recordAudit(tx, { ...by, action: "member.role", target: m.user.email, before: { role: m.role }, after: { role } });
    return { email: m.user.email, from: m.role };
  });
  if (changed && (role === "owner" || changed.from === "owner")) await noticeOwners(by.merchantId, { kind: "ownership_moved", email: changed.email });
  return { message: "Peran diubah." };
}

/** The member loses the account at once: their next request there is refused (sessions name a person, not a membership). */
export async function removeMember(by: ChangeBy, userPublicId: string): Promise<{ message: string }> {
  const db = await getDb();
  const email = await db.$transaction(async (tx) => {
    const m = await lockMembership(tx, by.merchantId, userPublicId);
    if (m.role === "owner" && (await othersOwning(tx, by.merchantId, m.id)) === 0) throw new AppError("CONFLICT", LAST_OWNER);
    await tx.membership.delete({ where: { id: m.id } });
    await recordAudit(tx, { ...by, action: "member.remove", target: m.user.email, before: { role: m.role } });
    return m.user.email;
  });
  return { message: `${email} dikeluarkan dari akun ini.` };
}

/** The merchant switch: the person's accounts, the current one and what its role may do there. */
export async function myMerchants(userRowId: number, current: { merchantId: string; role: StoredRole }) {
  const db = await getDb();
  const rows = await db.membership.findMany({ where: { userId: userRowId }, orderBy: { id: "asc" }, include: { merchant: { select: { merchantId: true, name: true } } } });
  return {
    current: current.merchantId,
    role: current.role,
    permissions: permissionsOf(current.role),
    merchants: rows.map((r) => ({ merchant_id: r.merchant.merchantId, name: r.merchant.name, role: r.role })),
  };
}

/** Checks the person may switch to this account; the switch itself is the dashboard's cookie. */
export async function canSwitchTo(userRowId: number, merchantPublicId: string): Promise<{ merchant_id: string }> {
  const db = await getDb();
  const m = await db.membership.findFirst({ where: { userId: userRowId, merchant: { merchantId: merchantPublicId } }, select: { id: true } });
  if (!m) throw new AppError("NOT_FOUND", "Anda bukan anggota akun itu.");
  return { merchant_id: merchantPublicId };
}
