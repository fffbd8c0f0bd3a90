// Every dashboard procedure is scoped to the signed-in merchant: merchant A can
// neither read nor change merchant B's data, and ids of B's rows answer NOT_FOUND.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import { createMerchant } from "@/server/services/merchants/merchants";
import { appRouter } from "@/server/trpc/routers/app-router";
import { callerFor } from "../harness/trpc";


async function merchant(email: string) {
  const created = await createMerchant({ name: email, email, password: "password-123" });
  const db = await getDb();
  const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id } });
  return { ...created, id: row.id, caller: callerFor({ merchantPublicId: created.merchant_id }) };
}

async function seedOtp(merchantId: number, otpId: string, destination = "6281234567890") {
  const db = await getDb();
  await db.otpTransaction.create({
    data: { otpId, merchantId, channel: "whatsapp", destination, status: "sent", otpLength: 6, maxAttempts: 5, expiresAt: new Date(Date.now() + 300_000), price: 350, charged: true, fingerprint: "f", codeHash: "secret-hash" },
  });
  await db.sandboxMessage.create({ data: { merchantId, otpId, channel: "whatsapp", destination, text: `Kode ${otpId}`, code: "907153", delivered: true } });
}

async function expectCode(promise: Promise<unknown>, code: TRPCError["code"]) {
  await expect(promise).rejects.toSatisfy((err: unknown) => err instanceof TRPCError && err.code === code);
}

describe("tRPC authorization", () => {
  it("refuses every procedure but sign-up and the e-mailed account links without a session, before looking at its input", async () => {
    const anonymous = callerFor({ merchantPublicId: null }) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
    const publicPaths = ["account.signUp", "account.requestPasswordReset", "account.resetPassword", "account.verifyEmail", "members.previewInvitation", "members.acceptInvitation"];
    const paths = Object.keys(appRouter._def.procedures).filter((path) => !publicPaths.includes(path));
    expect(paths.length).toBeGreaterThanOrEqual(15);
    for (const path of paths) {
      const [area, name] = path.split(".");
      await expect(anonymous[area][name]({}), path).rejects.toSatisfy((err: unknown) => err instanceof TRPCError && err.code === "UNAUTHORIZED");
    }
  });

  it("refuses a session whose merchant no longer exists", async () => {
    await expectCode(callerFor({ merchantPublicId: "mch_doesnotexist00" }).account.profile(), "UNAUTHORIZED");
  });

  it("lists only the signed-in merchant's API keys", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    const keys = await a.caller.apiKeys.list();
    expect(keys.map((k) => k.key_id)).toEqual([a.key_id]);
    expect(keys.map((k) => k.key_id)).not.toContain(b.key_id);
  });

  it("answers NOT_FOUND when A revokes B's API key, and B's key stays active", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await expectCode(a.caller.apiKeys.revoke({ keyId: b.key_id }), "NOT_FOUND");
    const db = await getDb();
    expect((await db.apiKey.findUniqueOrThrow({ where: { keyId: b.key_id } })).revokedAt).toBeNull();
  });

  it("creates a key for the signed-in merchant and shows its plaintext only in the create response", async () => {
    const a = await merchant("a@x.id");
    const created = await a.caller.apiKeys.create({ name: "Server" });
    expect(created.api_key).toMatch(/^sk_live_/);
    const listed = await a.caller.apiKeys.list();
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(created.api_key);
  });

  it("answers NOT_FOUND for another merchant's transaction and never lists it", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await seedOtp(a.id, "OTP20250101AAAA000001");
    await seedOtp(b.id, "OTP20250101BBBB000002");
    await expectCode(a.caller.reports.transaction({ otpId: "OTP20250101BBBB000002" }), "NOT_FOUND");
    const list = await a.caller.reports.transactions({});
    expect(list.items.map((t) => t.otp_id)).toEqual(["OTP20250101AAAA000001"]);
  });

  it("never returns the code or its hash in the transaction list or detail", async () => {
    const a = await merchant("a@x.id");
    await seedOtp(a.id, "OTP20250101AAAA000001");
    const detail = await a.caller.reports.transaction({ otpId: "OTP20250101AAAA000001" });
    const list = await a.caller.reports.transactions({});
    for (const shown of [JSON.stringify(detail), JSON.stringify(list)]) {
      expect(shown).not.toContain("secret-hash");
      expect(shown).not.toContain("907153");
    }
  });

  it("shows only the signed-in merchant's sandbox messages", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await seedOtp(a.id, "OTP20250101AAAA000001");
    await seedOtp(b.id, "OTP20250101BBBB000002");
    const inbox = await a.caller.reports.sandboxInbox({});
    expect(inbox.items.map((m) => m.otp_id)).toEqual(["OTP20250101AAAA000001"]);
  });

  it("shows only the signed-in merchant's ledger and saldo", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    const db = await getDb();
    await db.$transaction((tx) => applyLedgerChange(tx, { merchantId: b.id, amount: 5000, reason: "manual_credit", note: "B only" }));
    const ledger = await a.caller.reports.ledger({});
    expect(ledger).toMatchObject({ saldo: 0, items: [] });
    expect((await a.caller.reports.overview()).saldo).toBe(0);
  });

  it("changes only the brand from the dashboard, never operator settings", async () => {
    const a = await merchant("a@x.id");
    const input = { brandName: "Toko A", brandEmail: "otp@toko.id", rateLimit: 9999, ipAllowlist: "203.0.113.9" };
    const updated = await a.caller.account.updateBrand(input as { brandName: string; brandEmail: string });
    expect(updated).toMatchObject({ brand_name: "Toko A", brand_email: "otp@toko.id", rate_limit: 20, ip_allowlist: "" });
  });

  it("keeps the webhook secret out of profile and brand responses", async () => {
    const a = await merchant("a@x.id");
    const db = await getDb();
    await db.webhookEndpoint.create({ data: { merchantId: a.id, url: "http://127.0.0.1:9/hook", secret: "whsec_dGVzdHNlY3JldA==" } });
    const profile = await a.caller.account.profile();
    const updated = await a.caller.account.updateBrand({ brandName: "A", brandEmail: "" });
    expect(JSON.stringify([profile, updated])).not.toContain("whsec_");
  });

  it("sets the webhook URL of the signed-in merchant only, without returning the secret", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    const result = await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/a" });
    expect(result).toEqual({ webhook_url: "http://127.0.0.1:9/a" });
    const db = await getDb();
    expect(await db.webhookEndpoint.findUnique({ where: { merchantId: b.id } })).toBeNull();
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: a.id } })).url).toBe("http://127.0.0.1:9/a");
  });

  it("maps a service's VALIDATION_ERROR to BAD_REQUEST with the Indonesian message", async () => {
    const a = await merchant("a@x.id");
    await expect(a.caller.account.updateBrand({ brandName: "", brandEmail: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(callerFor({ merchantPublicId: null }).account.signUp({ name: "X", email: "a@x.id", password: "password-123", brandName: "X" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "E-mail ini sudah terdaftar. Silakan masuk.",
    });
  });

  it("signs up a merchant with zero saldo and a first key that is returned once", async () => {
    const anonymous = callerFor({ merchantPublicId: null });
    const created = await anonymous.account.signUp({ name: "Toko Baru", email: "Baru@Toko.id", password: "rahasia-123", brandName: "Toko Baru" });
    expect(created.api_key).toMatch(/^sk_live_/);
    const db = await getDb();
    const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id } });
    expect(row).toMatchObject({ email: "baru@toko.id", saldo: 0n, brandName: "Toko Baru" });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a sign-up password shorter than 8 characters", async () => {
    await expectCode(callerFor({ merchantPublicId: null }).account.signUp({ name: "X", email: "x@x.id", password: "short", brandName: "X" }), "BAD_REQUEST");
  });
});
