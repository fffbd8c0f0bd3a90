// Invitations (docs/teams.md): an owner invites an address with a role; the link is
// valid 7 days and spent once. Accepting makes a new person (name and password) or,
// for an address that already signs in to Sandi, asks that login's password and adds
// the membership: one person, several accounts. Both the link and that password are
// throttled (docs/teams.md): a link is no way around the sign-in throttle.
import { randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { sha256Hex } from "@/server/lib/hashing";
import { formatWib } from "@/lib/wib-time";
import { PASSWORD_ATTEMPTS_THROTTLED } from "@/lib/throttle-window";
import { getThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";
import { countPasswordAttempt, forgivePasswordAttempt } from "@/server/services/accounts/password-attempts";
import type { AcceptInvitationInput, InviteMemberInput } from "@/schemas/dashboard/members";
import { sendAccountMail } from "@/server/services/accounts/account-mail";
import { hashPassword } from "@/server/services/merchants/merchants";
import { recordAudit, type Actor, type ChangeBy } from "@/server/services/audit/record-audit";
import { adoptLoginByEmail } from "./adopt-login";
import { openCountingInvalidTokens } from "./invitation-token-throttle";
import { invitationMail } from "./member-mail-texts";
import { noticeOwners } from "./owner-notices";
import { newUserId } from "./user-id";

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITATION = "Undangan tidak valid, sudah dipakai, dibatalkan atau sudah kedaluwarsa. Minta undangan baru kepada pemilik akun.";

export async function inviteMember(by: ChangeBy, input: InviteMemberInput, now = new Date()): Promise<{ message: string }> {
  const db = await getDb();
  await adoptLoginByEmail(input.email);
  const token = randomBytes(32).toString("base64url");
  const merchant = await db.$transaction(async (tx) => {
    const m = await tx.merchant.findUniqueOrThrow({ where: { id: by.merchantId }, select: { name: true } });
    const already = await tx.membership.count({ where: { merchantId: by.merchantId, user: { email: input.email } } });
    if (already) throw new AppError("CONFLICT", `${input.email} sudah anggota akun ini.`, { field: "email" });
    // A new invitation replaces an open one to the same address.
    await tx.invitation.updateMany({ where: { merchantId: by.merchantId, email: input.email, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const invitedBy = by.actor.kind === "member" ? by.actor.userId : null;
    await tx.invitation.create({ data: { merchantId: by.merchantId, email: input.email, role: input.role, tokenHash: sha256Hex(token), invitedBy, expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS), createdAt: now } });
    await recordAudit(tx, { ...by, action: "member.invite", target: input.email, after: { role: input.role } });
    return m;
  });
  const inviter = by.actor.kind === "member" ? by.actor.email : "Operator Sandi";
  await sendAccountMail(invitationMail(input.email, merchant.name, inviter, input.role, `${getEnv().APP_URL}/invite?token=${token}`));
  return { message: `Undangan dikirim ke ${input.email}. Tautan berlaku 7 hari.` };
}

type From = { ip?: string | null; userAgent?: string | null };

/** The open invitation of a token, within the address's limit of invalid tokens. */
async function openInvitation(token: string, ip: string, now: Date, store: ThrottleStore) {
  return openCountingInvalidTokens(ip, store, async () => {
    const db = await getDb();
    const invitation = await db.invitation.findUnique({ where: { tokenHash: sha256Hex(token) }, include: { merchant: { select: { name: true } } } });
    if (!invitation || invitation.usedAt || invitation.revokedAt || invitation.expiresAt <= now) throw new AppError("VALIDATION_ERROR", INVALID_INVITATION);
    return invitation;
  });
}

/** What the invitation page shows before accepting: the account, the role, and whether the address already signs in. */
export async function previewInvitation(token: string, from: From = {}, now = new Date(), store: ThrottleStore = getThrottleStore()) {
  const invitation = await openInvitation(token, from.ip ?? "unknown", now, store);
  await adoptLoginByEmail(invitation.email);
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: invitation.email }, select: { passwordHash: true } });
  return { merchant_name: invitation.merchant.name, email: invitation.email, role: invitation.role, has_login: Boolean(user?.passwordHash) };
}

export async function acceptInvitation(input: AcceptInvitationInput, from: From = {}, now = new Date(), store: ThrottleStore = getThrottleStore()): Promise<{ message: string; email: string }> {
  const ip = from.ip ?? "unknown";
  const invitation = await openInvitation(input.token, ip, now, store);
  const db = await getDb();
  const existing = await db.user.findUnique({ where: { email: invitation.email }, select: { passwordHash: true } });
  // Not a guess (and whether the address signs in is on the page already), so not counted.
  if (!existing?.passwordHash && input.password.length < 8) throw new AppError("VALIDATION_ERROR", "Kata sandi minimal 8 karakter.", { field: "password" });
  // Counted as a sign-in attempt before any password is read, for new and existing logins
  // alike, so the refusal says nothing about whether the address has a login.
  if (!(await countPasswordAttempt(invitation.email, ip, store))) throw new AppError("RATE_LIMITED", PASSWORD_ATTEMPTS_THROTTLED);
  // An existing login proves it is that person with its own password (a wrong one stays counted as a failed sign-in); a new person chooses one.
  if (existing?.passwordHash && !(await verify(existing.passwordHash, input.password).catch(() => false))) {
    throw new AppError("VALIDATION_ERROR", "Kata sandi salah untuk login Sandi dengan e-mail ini.", { field: "password" });
  }
  await forgivePasswordAttempt(invitation.email, ip, store);
  const passwordHash = existing?.passwordHash ? null : await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const spent = await tx.invitation.updateMany({ where: { id: invitation.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (spent.count !== 1) throw new AppError("VALIDATION_ERROR", INVALID_INVITATION);
    const user = await tx.user.upsert({
      where: { email: invitation.email },
      update: passwordHash ? { passwordHash, name: input.name ?? "" } : {},
      create: { userId: newUserId(), email: invitation.email, name: input.name ?? "", passwordHash },
    });
    const joined = await tx.membership.upsert({ where: { userId_merchantId: { userId: user.id, merchantId: invitation.merchantId } }, update: {}, create: { userId: user.id, merchantId: invitation.merchantId, role: invitation.role } });
    const actor: Actor = { kind: "member", userId: user.id, email: user.email, ...from };
    await recordAudit(tx, { merchantId: invitation.merchantId, actor, action: "member.join", target: user.email, after: { role: joined.role } });
  });
  await noticeOwners(invitation.merchantId, { kind: "member_added", email: invitation.email, role: invitation.role });
  return { message: `Anda kini anggota ${invitation.merchant.name}. Silakan masuk.`, email: invitation.email };
}

export async function revokeInvitation(by: ChangeBy, invitationId: number, now = new Date()): Promise<{ message: string }> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const inv = await tx.invitation.findFirst({ where: { id: invitationId, merchantId: by.merchantId, usedAt: null, revokedAt: null } });
    if (!inv) throw new AppError("NOT_FOUND", "Undangan tidak ditemukan.");
    await tx.invitation.update({ where: { id: inv.id }, data: { revokedAt: now } });
    await recordAudit(tx, { ...by, action: "member.invite_revoke", target: inv.email, before: { role: inv.role } });
  });
  return { message: "Undangan dibatalkan." };
}

export async function openInvitations(merchantId: number, now = new Date()) {
  const db = await getDb();
  const rows = await db.invitation.findMany({ where: { merchantId, usedAt: null, revokedAt: null, expiresAt: { gt: now } }, orderBy: { id: "desc" } });
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, expires_at: formatWib(r.expiresAt) }));
}
