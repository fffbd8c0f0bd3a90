// Accepting an invitation (docs/teams.md#invitations) is throttled like sign-in: the
// password attempts count in the sign-in throttle's windows (per e-mail + address, per
// e-mail), so guesses through the link and through sign-in add up, and the links
// looked up from one address are bounded by how many of them were invalid. Counted in
// a real Redis (a key prefix of each test's own).
import Redis from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PASSWORD_ATTEMPTS_THROTTLED } from "@/lib/throttle-window";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { getDb } from "@/server/db/client";
import { knownAddressKey, MAX_FAILURES } from "@/server/services/accounts/password-attempts";
import { createMerchant } from "@/server/services/merchants/merchants";
import { MAX_INVALID_INVITATION_TOKENS } from "@/server/services/members/invitation-token-throttle";
import { acceptInvitation, previewInvitation } from "@/server/services/members/invitations";
import { RedisThrottleStore } from "@/server/throttle/throttle-store";
import { closeAppRedisStores } from "../harness/redis-servers";
import { overrideEnv } from "../harness/env-override";
import { ownerUserId } from "../harness/members";
import { tokenMailedTo } from "../harness/outbox";
import { callerFor } from "../harness/trpc";

const redis = new Redis(inject("redisUrl"), { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.quit().catch(() => undefined));

const IP = "198.51.100.7";
const from = { ip: IP };
const RIGHT = "kata-sandi-ani-1";
const THROTTLED = { code: "RATE_LIMITED", message: PASSWORD_ATTEMPTS_THROTTLED };
const WRONG = { code: "VALIDATION_ERROR", message: expect.stringMatching(/Kata sandi salah/) };
const INVALID = { code: "VALIDATION_ERROR", message: expect.stringMatching(/Undangan tidak valid/) };

function freshStore(windowSeconds?: number) {
  return new RedisThrottleStore(redis, `test:invite:${randomBytes(6).toString("hex")}:`, windowSeconds);
}

/** Toko B invites `email`; with `login`, the address already signs in to Sandi (as owner of Toko A). Returns the link's token. */
async function invite(email: string, { login }: { login: boolean }): Promise<string> {
  if (login) await createMerchant({ name: "Toko A", email, password: RIGHT });
  const b = await createMerchant({ name: "Toko B", email: `budi-${randomBytes(3).toString("hex")}@toko-b.test`, password: "kata-sandi-budi" });
  const owner = callerFor({ userPublicId: await ownerUserId(b.merchant_id), merchantPublicId: b.merchant_id, clientIp: "203.0.113.5" });
  await owner.members.invite({ email, role: "developer" });
  return tokenMailedTo(email, "/invite");
}

async function membershipsOf(email: string): Promise<number> {
  return (await getDb()).membership.count({ where: { user: { email } } });
}

describe("password attempts through an invitation", () => {
  it("refuses them over the sign-in limit before the password is checked: the right password is refused too, with the sign-in's answer", async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore();
    for (let i = 0; i < MAX_FAILURES; i++) await expect(acceptInvitation({ token, password: `salah-${i}` }, from, new Date(), store)).rejects.toMatchObject(WRONG);
    await expect(acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).rejects.toMatchObject(THROTTLED);
    expect(await membershipsOf("ani@toko-a.test")).toBe(1);
    // The link is not spent by a refusal: another address (its own count) still accepts with it.
    await acceptInvitation({ token, password: RIGHT }, { ip: "198.51.100.8" }, new Date(), store);
    expect(await membershipsOf("ani@toko-a.test")).toBe(2);
  });

  it("shares one count with sign-in, both ways", async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore();
    for (let i = 0; i < MAX_FAILURES - 2; i++) expect(await signInWithPassword({ email: "ani@toko-a.test", password: `salah-${i}`, ip: IP }, store)).toEqual({ ok: false, reason: "invalid" });
    for (let i = 0; i < 2; i++) await expect(acceptInvitation({ token, password: `salah-lagi-${i}` }, from, new Date(), store)).rejects.toMatchObject(WRONG);
    expect(await signInWithPassword({ email: "Ani@Toko-A.test", password: RIGHT, ip: IP }, store)).toEqual({ ok: false, reason: "throttled" });
    await expect(acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).rejects.toMatchObject(THROTTLED);
    expect(await membershipsOf("ani@toko-a.test")).toBe(1);
  });

  it("accepts the right password under the limit and forgives as sign-in does", async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore();
    for (let i = 0; i < MAX_FAILURES - 1; i++) await signInWithPassword({ email: "ani@toko-a.test", password: `salah-${i}`, ip: IP }, store);
    expect(await acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).toMatchObject({ email: "ani@toko-a.test" });
    expect(await membershipsOf("ani@toko-a.test")).toBe(2);
    // This address's failures are cleared (a full allowance again) and it is remembered as the owner's.
    for (let i = 0; i < MAX_FAILURES; i++) expect(await signInWithPassword({ email: "ani@toko-a.test", password: `lagi-${i}`, ip: IP }, store)).toEqual({ ok: false, reason: "invalid" });
    expect(await store.recalls(knownAddressKey("ani@toko-a.test", IP))).toBe(true);
  });

  it("lets attempts through again once the window has passed", async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore(1);
    for (let i = 0; i < MAX_FAILURES; i++) await expect(acceptInvitation({ token, password: `salah-${i}` }, from, new Date(), store)).rejects.toMatchObject(WRONG);
    await expect(acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).rejects.toMatchObject(THROTTLED);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).toMatchObject({ email: "ani@toko-a.test" });
  });

  it("counts a new person's acceptance too and refuses it with the same answer, so a refusal does not tell whether the address signs in", async () => {
    const token = await invite("baru@toko-c.test", { login: false });
    const store = freshStore();
    for (let i = 0; i < MAX_FAILURES; i++) expect(await signInWithPassword({ email: "baru@toko-c.test", password: `tebak-${i}`, ip: IP }, store)).toEqual({ ok: false, reason: "invalid" });
    await expect(acceptInvitation({ token, name: "Baru", password: "sandi-baru-123" }, from, new Date(), store)).rejects.toMatchObject(THROTTLED);
    expect(await (await getDb()).user.count({ where: { email: "baru@toko-c.test" } })).toBe(0);
    expect(await acceptInvitation({ token, name: "Baru", password: "sandi-baru-123" }, { ip: "198.51.100.9" }, new Date(), store)).toMatchObject({ email: "baru@toko-c.test" });
  });

  it("answers TOO_MANY_REQUESTS through the dashboard's API, counted in the shared Redis", async () => {
    const restore = overrideEnv({ REDIS_URL: inject("redisUrl") });
    try {
      // Redis outlives the test run: an address and e-mail of this run's own.
      const email = `ani-${randomBytes(4).toString("hex")}@toko-a.test`;
      const token = await invite(email, { login: true });
      const anonymous = callerFor({ merchantPublicId: null, clientIp: `2001:db8::${randomBytes(2).toString("hex")}` });
      for (let i = 0; i < MAX_FAILURES; i++) await expect(anonymous.members.acceptInvitation({ token, password: `salah-${i}` })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(anonymous.members.acceptInvitation({ token, password: RIGHT })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: PASSWORD_ATTEMPTS_THROTTLED });
    } finally {
      await closeAppRedisStores();
      restore();
    }
  });
});

describe("invalid invitation links", () => {
  it(`allows ${MAX_INVALID_INVITATION_TOKENS} invalid links per address and window, then refuses every link from it, valid ones too`, async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore();
    // A valid link looked at again and again uses nothing up.
    for (let i = 0; i < MAX_INVALID_INVITATION_TOKENS + 2; i++) expect(await previewInvitation(token, from, new Date(), store)).toMatchObject({ has_login: true });
    for (let i = 0; i < MAX_INVALID_INVITATION_TOKENS; i++) {
      const probe = randomBytes(32).toString("base64url");
      await expect(i % 2 ? previewInvitation(probe, from, new Date(), store) : acceptInvitation({ token: probe, password: RIGHT }, from, new Date(), store)).rejects.toMatchObject(INVALID);
    }
    const refused = { code: "RATE_LIMITED", message: expect.stringMatching(/Terlalu banyak tautan undangan yang tidak valid dari alamat ini\. Coba lagi dalam 15 menit\./) };
    await expect(previewInvitation(token, from, new Date(), store)).rejects.toMatchObject(refused);
    await expect(acceptInvitation({ token, password: RIGHT }, from, new Date(), store)).rejects.toMatchObject(refused);
    expect(await membershipsOf("ani@toko-a.test")).toBe(1);
    // Another address is not affected.
    expect(await acceptInvitation({ token, password: RIGHT }, { ip: "198.51.100.8" }, new Date(), store)).toMatchObject({ email: "ani@toko-a.test" });
  });

  it("counts an expired link as invalid", async () => {
    const token = await invite("ani@toko-a.test", { login: true });
    const store = freshStore();
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    for (let i = 0; i < MAX_INVALID_INVITATION_TOKENS; i++) await expect(previewInvitation(token, from, later, store)).rejects.toMatchObject(INVALID);
    await expect(previewInvitation(token, from, new Date(), store)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
