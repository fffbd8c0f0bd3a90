// Dashboard accounts: e-mail verification at sign-up, password reset by e-mailed
// link (single use, 30 minutes, throttled, the same answer for unknown
// addresses), and a password change that ends every other session. The e-mails
// go over SMTP when configured; without it they are kept for the operator.
import type { JWT } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAuthOptions } from "@/server/auth/options";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { liveSession } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { MAX_RESETS_PER_EMAIL } from "@/server/services/accounts/account-throttle";
import { RESET_REQUESTED } from "@/server/services/accounts/password-reset";
import { createMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../harness/env-override";
import { otpctlProcess } from "../harness/otpctl";
import { startSmtpSimulator } from "../simulators/smtp-simulator";
import { callerFor } from "../harness/trpc";
import { ownerUserId } from "../harness/members";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let ipCounter = 0;
/** Each test asks from its own address, so the per-address throttle of one test leaves the next alone. */
const anonymous = () => callerFor({ merchantPublicId: null, clientIp: `198.51.100.${++ipCounter}` });

/** The link in the newest kept e-mail to this address, once it has been written (e-mails go out after the answer). */
async function linkMailedTo(email: string, path: "/verify-email" | "/reset-password", count = 1): Promise<string> {
  const db = await getDb();
  return vi.waitFor(async () => {
    const mails = await db.accountEmail.findMany({ where: { toAddress: email, body: { contains: path } }, orderBy: { id: "desc" } });
    expect(mails.length).toBeGreaterThanOrEqual(count);
    return new URL(/(http\S+)/.exec(mails[0].body)![1]).searchParams.get("token")!;
  });
}

/** A dashboard session as next-auth makes it; `secondsAgo` dates its sign-in back (sessions carry whole seconds). */
async function signedIn(merchantId: string, email: string, secondsAgo = 0) {
  const callbacks = getAuthOptions().callbacks as Required<NonNullable<ReturnType<typeof getAuthOptions>["callbacks"]>>;
  const userId = await ownerUserId(merchantId);
  const user = { id: userId, name: "Toko", email };
  const token = (await callbacks.jwt({ token: { sub: userId, name: user.name, email }, user, account: null, trigger: "signIn" } as never)) as JWT;
  token.signedInAt = (token.signedInAt as number) - secondsAgo;
  const session = (await callbacks.session({ session: { user: { name: "Toko", email }, expires: "" }, token } as never)) as never;
  return { session, sid: token.sid as string, caller: callerFor({ userPublicId: userId, merchantPublicId: merchantId, sessionId: token.sid as string, clientIp: "203.0.113.9" }) };
}

async function operatorMerchant(email: string, password = "kata-sandi-lama-1") {
  const created = await createMerchant({ name: "Toko Aman", email, password });
  return { ...created, email, password };
}

const signsIn = async (email: string, password: string) => (await signInWithPassword({ email, password, ip: "192.0.2.50" })).ok;

describe("e-mail verification", () => {
  it("a self-service sign-up starts unverified and is e-mailed a link; opening it verifies the address once", async () => {
    const created = await anonymous().account.signUp({ name: "Toko Baru", email: "baru@toko.test", password: "rahasia-123", brandName: "Toko Baru" });
    const me = callerFor({ merchantPublicId: created.merchant_id });
    expect(await me.account.profile()).toMatchObject({ email: "baru@toko.test", email_verified: false });

    const token = await linkMailedTo("baru@toko.test", "/verify-email");
    expect(await anonymous().account.verifyEmail({ token })).toEqual({ message: "E-mail baru@toko.test terverifikasi." });
    expect(await me.account.profile()).toMatchObject({ email_verified: true });
    await expect(anonymous().account.verifyEmail({ token })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^Tautan tidak valid/) });
  });

  it("an operator-made account counts as verified and is sent nothing", async () => {
    const m = await operatorMerchant("operator@toko.test");
    expect(await callerFor({ merchantPublicId: m.merchant_id }).account.profile()).toMatchObject({ email_verified: true });
    expect(await (await getDb()).accountEmail.count()).toBe(0);
  });

  it("a new verification link can be asked for from the dashboard, a few times per window", async () => {
    const created = await anonymous().account.signUp({ name: "Toko Ulang", email: "ulang@toko.test", password: "rahasia-123", brandName: "Toko" });
    const me = callerFor({ merchantPublicId: created.merchant_id });
    expect(await me.account.resendVerification()).toEqual({ message: "Tautan verifikasi dikirim ke ulang@toko.test. Tautan berlaku 24 jam." });
    await me.account.resendVerification();
    await expect(me.account.resendVerification()).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("password reset", () => {
  it("answers an unknown address exactly like a known one, and e-mails only the known one", async () => {
    await operatorMerchant("ada@toko.test");
    expect(await anonymous().account.requestPasswordReset({ email: "ADA@toko.test" })).toEqual({ message: RESET_REQUESTED });
    expect(await anonymous().account.requestPasswordReset({ email: "tidak-ada@toko.test" })).toEqual({ message: RESET_REQUESTED });
    await linkMailedTo("ada@toko.test", "/reset-password");
    const db = await getDb();
    expect(await db.accountEmail.count({ where: { toAddress: "tidak-ada@toko.test" } })).toBe(0);
    expect(await db.accountToken.count()).toBe(1);
  });

  it("the link sets a new password once; the old password stops working", async () => {
    const m = await operatorMerchant("lupa@toko.test");
    await anonymous().account.requestPasswordReset({ email: m.email });
    const token = await linkMailedTo(m.email, "/reset-password");
    expect(await anonymous().account.resetPassword({ token, password: "kata-sandi-baru-2" })).toMatchObject({ message: expect.stringContaining("Kata sandi baru disimpan") });
    expect(await signsIn(m.email, "kata-sandi-baru-2")).toBe(true);
    expect(await signsIn(m.email, m.password)).toBe(false);
    await expect(anonymous().account.resetPassword({ token, password: "kata-sandi-ketiga" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await signsIn(m.email, "kata-sandi-ketiga")).toBe(false);
  });

  it("the link expires 30 minutes after it was sent", async () => {
    const m = await operatorMerchant("telat@toko.test");
    await anonymous().account.requestPasswordReset({ email: m.email });
    const token = await linkMailedTo(m.email, "/reset-password");
    const db = await getDb();
    const [row] = await db.accountToken.findMany();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60 * 1000);
    // Sent 31 minutes ago, as far as the database knows.
    await db.accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 60_000) } });
    await expect(anonymous().account.resetPassword({ token, password: "kata-sandi-baru-2" })).rejects.toMatchObject({ message: expect.stringMatching(/kedaluwarsa/) });
    expect(await signsIn(m.email, m.password)).toBe(true);
  });

  it("using one link ends the account's other reset links", async () => {
    const m = await operatorMerchant("dua@toko.test");
    await anonymous().account.requestPasswordReset({ email: m.email });
    const first = await linkMailedTo(m.email, "/reset-password");
    await anonymous().account.requestPasswordReset({ email: m.email });
    const second = await linkMailedTo(m.email, "/reset-password", 2);
    expect(second).not.toBe(first);
    await anonymous().account.resetPassword({ token: second, password: "kata-sandi-baru-2" });
    await expect(anonymous().account.resetPassword({ token: first, password: "kata-sandi-baru-3" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is throttled per address asked about, whether or not it has an account", async () => {
    await operatorMerchant("sering@toko.test");
    for (const email of ["sering@toko.test", "hantu@toko.test"]) {
      for (let i = 0; i < MAX_RESETS_PER_EMAIL; i++) await anonymous().account.requestPasswordReset({ email });
      await expect(anonymous().account.requestPasswordReset({ email })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/15 menit/) });
    }
  });

  it("stores only the link's SHA-256, never the link itself", async () => {
    const m = await operatorMerchant("hash@toko.test");
    await anonymous().account.requestPasswordReset({ email: m.email });
    const token = await linkMailedTo(m.email, "/reset-password");
    const [row] = await (await getDb()).accountToken.findMany();
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("ends every dashboard session of the account, and verifies the address it reached", async () => {
    const created = await anonymous().account.signUp({ name: "Toko Sesi", email: "sesi@toko.test", password: "rahasia-123", brandName: "Toko" });
    const laptop = await signedIn(created.merchant_id, "sesi@toko.test", 60);
    await anonymous().account.requestPasswordReset({ email: "sesi@toko.test" });
    await anonymous().account.resetPassword({ token: await linkMailedTo("sesi@toko.test", "/reset-password"), password: "kata-sandi-baru-2" });
    expect(await liveSession(laptop.session)).toBeNull();
    const after = await signedIn(created.merchant_id, "sesi@toko.test");
    expect(await liveSession(after.session)).not.toBeNull();
    expect(await after.caller.account.profile()).toMatchObject({ email_verified: true });
  });
});

describe("changing the password in Keamanan", () => {
  it("needs the current password, keeps this session and ends every other one", async () => {
    const m = await operatorMerchant("ganti@toko.test");
    const phone = await signedIn(m.merchant_id, m.email, 60);
    const laptop = await signedIn(m.merchant_id, m.email);
    await expect(laptop.caller.account.changePassword({ currentPassword: "salah-sekali", newPassword: "kata-sandi-baru-2" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Kata sandi saat ini salah.",
    });
    expect(await liveSession(phone.session)).not.toBeNull();

    await laptop.caller.account.changePassword({ currentPassword: m.password, newPassword: "kata-sandi-baru-2" });
    expect(await liveSession(laptop.session)).not.toBeNull();
    expect(await liveSession(phone.session)).toBeNull();
    expect(await signsIn(m.email, "kata-sandi-baru-2")).toBe(true);
    expect(await signsIn(m.email, m.password)).toBe(false);
  });

  it("is throttled against guessing the current password from a left-open session", async () => {
    const m = await operatorMerchant("tebak@toko.test");
    const { caller } = await signedIn(m.merchant_id, m.email);
    for (let i = 0; i < 5; i++) await expect(caller.account.changePassword({ currentPassword: `tebakan-${i}`, newPassword: "kata-sandi-baru-2" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.account.changePassword({ currentPassword: m.password, newPassword: "kata-sandi-baru-2" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("account e-mails", () => {
  it("go over SMTP when SMTP_URL is set, from SMTP_FROM, and are not kept", async () => {
    const smtp = await startSmtpSimulator();
    cleanups.push(smtp.close);
    cleanups.push(overrideEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: "Sandi <no-reply@sandi.test>" }));
    await operatorMerchant("smtp@toko.test");
    await anonymous().account.requestPasswordReset({ email: "smtp@toko.test" });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]).toMatchObject({ from: "no-reply@sandi.test", to: ["smtp@toko.test"] });
    expect(smtp.received[0].data).toContain("/reset-password?token=3D");
    expect(await (await getDb()).accountEmail.count()).toBe(0);
  });

  it("are kept for the operator when the SMTP server refuses them, and otpctl mail list shows them", async () => {
    const smtp = await startSmtpSimulator({ refuseRecipient: 550 });
    cleanups.push(smtp.close);
    cleanups.push(overrideEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }));
    await operatorMerchant("tolak@toko.test");
    await anonymous().account.requestPasswordReset({ email: "tolak@toko.test" });
    const token = await linkMailedTo("tolak@toko.test", "/reset-password");

    // A process of its own: this one may still be sending mail in the background.
    const listed = await otpctlProcess(["mail", "list", "--to", "tolak@toko.test", "--json"]);
    expect(listed.code).toBe(0);
    const { mails } = JSON.parse(listed.stdout) as { mails: { to: string; subject: string; body: string }[] };
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "tolak@toko.test", subject: "Atur ulang kata sandi Sandi" });
    expect(mails[0].body).toContain(`http://localhost:3000/reset-password?token=${token}`);
  });
});

describe("support contact", () => {
  it("gives the dashboard the operator's e-mail and WhatsApp, or nulls when none is configured", async () => {
    const m = await operatorMerchant("kontak@toko.test");
    const me = callerFor({ merchantPublicId: m.merchant_id });
    expect(await me.account.support()).toEqual({ email: null, whatsapp: null });
    cleanups.push(overrideEnv({ SUPPORT_EMAIL: "dukungan@sandi.test", SUPPORT_WHATSAPP: "6281100000001" }));
    expect(await me.account.support()).toEqual({ email: "dukungan@sandi.test", whatsapp: "6281100000001" });
  });

  it("names the contact in the e-mail telling an owner the password changed", async () => {
    cleanups.push(overrideEnv({ SUPPORT_EMAIL: "dukungan@sandi.test" }));
    const m = await operatorMerchant("diubah@toko.test");
    const { caller } = await signedIn(m.merchant_id, m.email);
    await caller.account.changePassword({ currentPassword: m.password, newPassword: "kata-sandi-baru-2" });
    const db = await getDb();
    const mail = await vi.waitFor(async () => (await db.accountEmail.findFirstOrThrow({ where: { toAddress: m.email } })).body);
    expect(mail).toContain("Dukungan Sandi: e-mail dukungan@sandi.test.");
  });
});
