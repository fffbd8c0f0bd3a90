// Teams (docs/teams.md): invitations by e-mail, accepting as a new person or with an
// existing login, one person in several accounts, removal ending access at once, and
// an account that always keeps an owner.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { getAuthOptions } from "@/server/auth/options";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { liveSession } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { addMember, ownerUserId } from "../harness/members";
import { mailsTo, tokenMailedTo } from "../harness/outbox";
import { callerFor } from "../harness/trpc";

const anonymous = () => callerFor({ merchantPublicId: null, clientIp: "198.51.100.77" });

async function account(email: string, name = "Toko Induk") {
  const created = await createMerchant({ name, email, password: "kata-sandi-pemilik" });
  const userPublicId = await ownerUserId(created.merchant_id);
  return { ...created, userPublicId, caller: callerFor({ userPublicId, merchantPublicId: created.merchant_id, clientIp: "203.0.113.5", userAgent: "vitest" }) };
}

const asPerson = (userPublicId: string, merchantPublicId: string | null = null) => callerFor({ userPublicId, merchantPublicId, clientIp: "203.0.113.6" });

async function session(userId: string) {
  const callbacks = getAuthOptions().callbacks!;
  const token = await callbacks.jwt!({ token: { sub: userId }, user: { id: userId }, account: null, trigger: "signIn" } as never);
  return (await callbacks.session!({ session: { user: {}, expires: "" }, token } as never)) as never;
}

async function rejectsWith(promise: Promise<unknown>, code: TRPCError["code"]) {
  await expect(promise).rejects.toSatisfy((err: unknown) => err instanceof TRPCError && err.code === code);
}

describe("invitations", () => {
  it("an owner invites by e-mail; the invitee sets a password with the link, signs in, and can do only what the role allows", async () => {
    const owner = await account("pemilik@toko.test");
    expect(await owner.caller.members.invite({ email: "Keuangan@Toko.test", role: "finance" })).toEqual({ message: "Undangan dikirim ke keuangan@toko.test. Tautan berlaku 7 hari." });
    const token = await tokenMailedTo("keuangan@toko.test", "/invite");
    expect(await anonymous().members.previewInvitation({ token })).toEqual({ merchant_name: "Toko Induk", email: "keuangan@toko.test", role: "finance", has_login: false });
    await anonymous().members.acceptInvitation({ token, name: "Bu Keuangan", password: "sandi-keuangan-1" });

    const signedIn = await signInWithPassword({ email: "keuangan@toko.test", password: "sandi-keuangan-1", ip: "192.0.2.9" });
    expect(signedIn).toMatchObject({ ok: true, user: { email: "keuangan@toko.test", name: "Bu Keuangan" } });
    const member = asPerson(signedIn.ok ? signedIn.user.userId : "");
    expect(await member.members.mine()).toMatchObject({ current: owner.merchant_id, role: "finance", merchants: [{ merchant_id: owner.merchant_id, role: "finance" }] });
    expect((await member.topups.balance({ topups: {}, ledger: {} })).saldo).toBe(0);
    await rejectsWith(member.apiKeys.list(), "FORBIDDEN");
    await rejectsWith(member.webhooks.revealSecret(), "FORBIDDEN");
    expect((await owner.caller.members.list()).members.map((m) => [m.email, m.role])).toEqual([["pemilik@toko.test", "owner"], ["keuangan@toko.test", "finance"]]);
    // The owner hears that someone joined.
    expect((await mailsTo("pemilik@toko.test", "keuangan@toko.test kini anggota akun ini sebagai Keuangan."))).toHaveLength(1);
  });

  it("a link works once and for 7 days; a new invitation to the same address replaces the open one", async () => {
    const owner = await account("pemilik@toko.test");
    await owner.caller.members.invite({ email: "dev@toko.test", role: "developer" });
    const first = await tokenMailedTo("dev@toko.test", "/invite");
    await owner.caller.members.invite({ email: "dev@toko.test", role: "viewer" });
    await rejectsWith(anonymous().members.acceptInvitation({ token: first, password: "sandi-dev-12345" }), "BAD_REQUEST");
    const second = await tokenMailedTo("dev@toko.test", "/invite");
    const db = await getDb();
    await db.invitation.updateMany({ where: { email: "dev@toko.test", revokedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await rejectsWith(anonymous().members.acceptInvitation({ token: second, password: "sandi-dev-12345" }), "BAD_REQUEST");
    await db.invitation.updateMany({ where: { email: "dev@toko.test", revokedAt: null }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    await anonymous().members.acceptInvitation({ token: second, password: "sandi-dev-12345" });
    await rejectsWith(anonymous().members.acceptInvitation({ token: second, password: "sandi-dev-12345" }), "BAD_REQUEST");
    expect(await db.membership.count({ where: { user: { email: "dev@toko.test" } } })).toBe(1);
  });

  it("inviting someone who is already a member is a conflict", async () => {
    const owner = await account("pemilik@toko.test");
    await rejectsWith(owner.caller.members.invite({ email: "pemilik@toko.test", role: "viewer" }), "CONFLICT");
  });
});

describe("one person in two accounts", () => {
  it("accepts with the existing login's password and switches between the accounts", async () => {
    const a = await account("ani@toko-a.test", "Toko A");
    const b = await account("budi@toko-b.test", "Toko B");
    await b.caller.members.invite({ email: "ani@toko-a.test", role: "developer" });
    const token = await tokenMailedTo("ani@toko-a.test", "/invite");
    expect(await anonymous().members.previewInvitation({ token })).toMatchObject({ has_login: true });
    await rejectsWith(anonymous().members.acceptInvitation({ token, password: "bukan-sandinya" }), "BAD_REQUEST");
    await anonymous().members.acceptInvitation({ token, password: "kata-sandi-pemilik" });

    const ani = await session(a.userPublicId);
    expect(await liveSession(ani)).toMatchObject({ userId: a.userPublicId, merchantId: a.merchant_id, role: "owner" });
    expect(await liveSession(ani, new Date(), b.merchant_id)).toMatchObject({ userId: a.userPublicId, merchantId: b.merchant_id, role: "developer" });
    const inB = asPerson(a.userPublicId, b.merchant_id);
    expect(await inB.members.switchTo({ merchantId: b.merchant_id })).toEqual({ merchant_id: b.merchant_id });
    expect((await inB.account.profile()).name).toBe("Toko B");
    await rejectsWith(inB.members.invite({ email: "x@toko.test", role: "viewer" }), "FORBIDDEN");
    expect((await inB.members.mine()).merchants.map((m) => [m.name, m.role])).toEqual([["Toko A", "owner"], ["Toko B", "developer"]]);
    // An account the person is not a member of cannot be chosen: the session stays in their own.
    const c = await account("cici@toko-c.test", "Toko C");
    await rejectsWith(asPerson(a.userPublicId).members.switchTo({ merchantId: c.merchant_id }), "NOT_FOUND");
    expect(await liveSession(ani, new Date(), c.merchant_id)).toMatchObject({ merchantId: a.merchant_id });
  });
});

describe("removing members and roles", () => {
  it("removing a member ends their access at once: their next request and their session are refused", async () => {
    const owner = await account("pemilik@toko.test");
    const viewerId = await addMember(owner.merchant_id, "pemantau@toko.test", "viewer");
    const viewer = asPerson(viewerId, owner.merchant_id);
    const viewerSession = await session(viewerId);
    expect((await viewer.account.profile()).merchant_id).toBe(owner.merchant_id);
    await owner.caller.members.remove({ userId: viewerId });
    await rejectsWith(viewer.account.profile(), "UNAUTHORIZED");
    expect(await liveSession(viewerSession)).toBeNull();
    expect(await signInWithPassword({ email: "pemantau@toko.test", password: "kata-sandi-anggota-1", ip: "192.0.2.10" })).toEqual({ ok: false, reason: "invalid" });
  });

  it("an account always keeps an owner; ownership moves by making another member owner, and every owner is told", async () => {
    const owner = await account("pemilik@toko.test");
    await rejectsWith(owner.caller.members.changeRole({ userId: owner.userPublicId, role: "developer" }), "CONFLICT");
    await rejectsWith(owner.caller.members.remove({ userId: owner.userPublicId }), "CONFLICT");
    const devId = await addMember(owner.merchant_id, "dev@toko.test", "developer");
    await owner.caller.members.changeRole({ userId: devId, role: "owner" });
    expect(await mailsTo("pemilik@toko.test", "dev@toko.test kini pemilik akun ini.")).toHaveLength(1);
    expect(await mailsTo("dev@toko.test", "dev@toko.test kini pemilik akun ini.")).toHaveLength(1);
    await owner.caller.members.changeRole({ userId: owner.userPublicId, role: "viewer" });
    await rejectsWith(owner.caller.members.invite({ email: "x@toko.test", role: "viewer" }), "FORBIDDEN");
    const roles = (await asPerson(devId, owner.merchant_id).members.list()).members.map((m) => [m.email, m.role]);
    expect(roles).toEqual([["pemilik@toko.test", "viewer"], ["dev@toko.test", "owner"]]);
  });

  it("each member has their own password: changing it leaves the other members' logins alone", async () => {
    const owner = await account("pemilik@toko.test");
    const devId = await addMember(owner.merchant_id, "dev@toko.test", "developer");
    await asPerson(devId, owner.merchant_id).account.changePassword({ currentPassword: "kata-sandi-anggota-1", newPassword: "sandi-dev-baru-1" });
    expect((await signInWithPassword({ email: "dev@toko.test", password: "sandi-dev-baru-1", ip: "192.0.2.11" })).ok).toBe(true);
    expect((await signInWithPassword({ email: "pemilik@toko.test", password: "kata-sandi-pemilik", ip: "192.0.2.11" })).ok).toBe(true);
  });
});

describe("accounts from before teams", () => {
  it("a merchant whose login is only on its own row becomes its owner member on first sign-in, with the same password", async () => {
    const created = await createMerchant({ name: "Toko Lama", email: "lama@toko.test", password: "sandi-lama-123" });
    const db = await getDb();
    // As a previous-release instance leaves it: no person, no membership.
    await db.membership.deleteMany({});
    await db.user.deleteMany({});
    const result = await signInWithPassword({ email: "lama@toko.test", password: "sandi-lama-123", ip: "192.0.2.12" });
    expect(result).toMatchObject({ ok: true, user: { email: "lama@toko.test", name: "Toko Lama" } });
    expect(await db.membership.findMany({ select: { role: true, merchant: { select: { merchantId: true } } } })).toEqual([{ role: "owner", merchant: { merchantId: created.merchant_id } }]);
    // A session cookie from before teams names only the merchant: it keeps working.
    const legacy = { merchantId: created.merchant_id, sid: "00000000-0000-4000-8000-000000000001", signedInAt: Math.floor(Date.now() / 1000), user: {} };
    expect(await liveSession(legacy)).toMatchObject({ merchantId: created.merchant_id, role: "owner" });
  });
});
