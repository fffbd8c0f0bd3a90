// Dashboard sessions are next-auth JWTs: each names itself (sid) and its sign-in
// time, lasts a working day from sign-in however active, and ends for good when
// its owner signs out, even if its cookie was copied first.
import type { JWT } from "next-auth/jwt";
import { beforeEach, describe, expect, it } from "vitest";
import { createMerchant } from "@/server/services/merchants/merchants";
import { ownerUserId } from "../harness/members";
import { getAuthOptions, SESSION_MAX_AGE_SECONDS } from "@/server/auth/options";
import { purgeExpiredRevocations } from "@/server/auth/session-revocation";
import { liveSession } from "@/server/auth/session";
import { getDb } from "@/server/db/client";

type Callbacks = Required<NonNullable<ReturnType<typeof getAuthOptions>["callbacks"]>>;

let owner: { merchantId: string; userId: string };
beforeEach(async () => {
  const created = await createMerchant({ name: "Toko", email: "owner@toko.id", password: "kata-sandi-toko-1" });
  owner = { merchantId: created.merchant_id, userId: await ownerUserId(created.merchant_id) };
});

/** What next-auth does on sign-in, then on every later request: jwt callback, then session callback. The user is the person (users.user_id). */
async function signIn() {
  const callbacks = getAuthOptions().callbacks as Callbacks;
  const user = { id: owner.userId, name: "Toko", email: "owner@toko.id" };
  const token = (await callbacks.jwt({ token: { sub: owner.userId, name: user.name, email: user.email }, user, account: null, trigger: "signIn" } as never)) as JWT;
  const later = (await callbacks.jwt({ token } as never)) as JWT;
  const session = await callbacks.session({ session: { user: { name: "Toko", email: "owner@toko.id" }, expires: "" }, token: later } as never);
  return { token: later, session: session as never };
}

async function signOut(token: JWT) {
  await getAuthOptions().events!.signOut!({ token, session: undefined as never });
}

describe("dashboard sessions", () => {
  it("a fresh sign-in gives a live session naming its person, the merchant they act in and their role, with its own id", async () => {
    const a = await signIn();
    const b = await signIn();
    expect(await liveSession(a.session)).toEqual({ userId: owner.userId, merchantId: owner.merchantId, role: "owner", name: "Toko", email: "owner@toko.id", sessionId: a.token.sid });
    expect(a.token.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.token.sid).not.toBe(b.token.sid);
  });

  it("signing out ends that session for good, also for a copy of its cookie, and leaves the merchant's other sessions alone", async () => {
    const laptop = await signIn();
    const phone = await signIn();
    await signOut(laptop.token);
    expect(await liveSession(laptop.session)).toBeNull();
    expect(await liveSession(phone.session)).not.toBeNull();
    await signOut(laptop.token);
    expect(await liveSession(laptop.session)).toBeNull();
  });

  it("does not describe a signed-out session to whoever holds its cookie: next-auth's session endpoint gets an error and answers empty", async () => {
    const callbacks = getAuthOptions().callbacks as Callbacks;
    const laptop = await signIn();
    expect(await callbacks.jwt({ token: laptop.token } as never)).toMatchObject({ sid: laptop.token.sid });
    await signOut(laptop.token);
    await expect(callbacks.jwt({ token: laptop.token } as never)).rejects.toThrow("session ended");
  });

  it("does not describe a session past its working day, or one that does not name itself", async () => {
    const callbacks = getAuthOptions().callbacks as Callbacks;
    const { token } = await signIn();
    const worn = { ...token, signedInAt: Math.floor(Date.now() / 1000) - SESSION_MAX_AGE_SECONDS - 1 };
    await expect(callbacks.jwt({ token: worn } as never)).rejects.toThrow("session ended");
    await expect(callbacks.jwt({ token: { sub: "mch_test", merchantId: "mch_test" } } as never)).rejects.toThrow("session ended");
  });

  it("ends a working day after sign-in however active the merchant was", async () => {
    const { session } = await signIn();
    const signedInAt = new Date((session as { signedInAt: number }).signedInAt * 1000);
    expect(await liveSession(session, new Date(signedInAt.getTime() + (SESSION_MAX_AGE_SECONDS - 60) * 1000))).not.toBeNull();
    expect(await liveSession(session, new Date(signedInAt.getTime() + (SESSION_MAX_AGE_SECONDS + 1) * 1000))).toBeNull();
  });

  it("refuses a session token that does not name itself (issued before sessions could be signed out)", async () => {
    expect(await liveSession({ merchantId: "mch_test", user: { name: "Toko", email: "owner@toko.id" } })).toBeNull();
    expect(await liveSession(null)).toBeNull();
  });

  it("forgets a revocation once its session would have expired anyway", async () => {
    const { token } = await signIn();
    await signOut(token);
    const db = await getDb();
    const [row] = await db.revokedSession.findMany();
    expect(row.sessionId).toBe(token.sid);
    expect(await purgeExpiredRevocations(new Date(row.expiresAt.getTime() - 1000))).toBe(0);
    expect(await purgeExpiredRevocations(row.expiresAt)).toBe(1);
  });
});
