import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { hashApiKey } from "@/server/services/api-keys/api-keys";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { ledgerIsBalanced } from "@/server/services/credits/ledger";
import { createMerchant, showMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { merchantCreateSchema } from "@/schemas/merchant";

describe("merchants", () => {
  it("creates a merchant with a first API key stored only as its SHA-256", async () => {
    // Callers parse (otpctl and the dashboard do, with the same schema); the schema lower-cases the login e-mail.
    const created = await createMerchant(merchantCreateSchema.parse({ name: "Toko Maju", email: "Owner@Toko.co.id" }));
    expect(created.merchant_id).toMatch(/^mch_[A-Za-z0-9]{14}$/);
    expect(created.api_key).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
    const db = await getDb();
    const stored = await db.apiKey.findUniqueOrThrow({ where: { keyId: created.key_id } });
    expect(stored.keyHash).toBe(hashApiKey(created.api_key));
    expect(JSON.stringify(stored)).not.toContain(created.api_key);
    const shown = await showMerchant(created.id);
    expect(shown).toMatchObject({ email: "owner@toko.co.id", saldo: 0, rate_limit: 20, ip_allowlist: "", webhook_url: null });
    expect(shown.prices).toEqual({ whatsapp: 350, sms: 450, email: 100, misscall: 250, voice: 800, whatsapp_inbound: 300 });
  });

  it("refuses a second merchant with the same login e-mail", async () => {
    await createMerchant({ name: "A", email: "same@x.id" });
    await expect(createMerchant({ name: "B", email: "same@x.id" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("records the opening saldo in the ledger", async () => {
    const { merchant_id } = await createMerchant({ name: "A", email: "a@x.id", saldo: 5000 });
    const db = await getDb();
    const merchant = await db.merchant.findUniqueOrThrow({ where: { merchantId: merchant_id } });
    expect(merchant.saldo).toBe(5000n);
    expect((await ledgerIsBalanced(db, merchant.id)).balanced).toBe(true);
  });

  it("rejects CIDR ranges and malformed entries in the IP allowlist", async () => {
    await expect(createMerchant({ name: "A", email: "a@x.id", ipAllowlist: "10.0.0.0/8" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("rentang CIDR tidak diterima") });
    const { id } = await createMerchant({ name: "A", email: "b@x.id", ipAllowlist: " 203.0.113.7 ,2001:db8::1" });
    expect((await showMerchant(id)).ip_allowlist).toBe("203.0.113.7, 2001:db8::1");
  });

  it("updates prices per channel and keeps the others at their defaults", async () => {
    const { id } = await createMerchant({ name: "A", email: "a@x.id" });
    const updated = await updateMerchant(id, { prices: { sms: 400 }, rateLimit: 50, brandName: "Maju" });
    expect(updated.prices.sms).toBe(400);
    expect(updated.prices.whatsapp).toBe(350);
    expect(updated).toMatchObject({ rate_limit: 50, brand_name: "Maju" });
    expect(updated).not.toHaveProperty("webhook_secret");
  });

  it("prints a whsec_ webhook secret once a webhook URL is set", async () => {
    const { id } = await createMerchant({ name: "A", email: "a@x.id" });
    const updated = await updateMerchant(id, { webhookUrl: "http://127.0.0.1:9/hook" });
    expect(updated.webhook_url).toBe("http://127.0.0.1:9/hook");
    expect((updated as { webhook_secret?: string }).webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
  });

  it("credits and debits through the ledger and refuses an overdraft", async () => {
    const { id, merchant_id } = await createMerchant({ name: "A", email: "a@x.id" });
    expect(await adjustBalance(id, 1000, "promo")).toEqual({ saldo: 1000 });
    expect(await adjustBalance(id, -400, "correction")).toEqual({ saldo: 600 });
    await expect(adjustBalance(id, -601, "too much")).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE", message: "Tidak dapat mendebit 601: saldo 600, dan debit tidak boleh membuat saldo di bawah 0." });
    const db = await getDb();
    const merchant = await db.merchant.findUniqueOrThrow({ where: { merchantId: merchant_id } });
    const ledger = await db.ledgerEntry.findMany({ where: { merchantId: merchant.id }, orderBy: { id: "asc" } });
    expect(ledger.map((l) => [l.reason, l.amount, l.balanceAfter])).toEqual([
      ["manual_credit", 1000n, 1000n],
      ["manual_debit", -400n, 600n],
    ]);
  });

  it("refuses a credit that would take saldo past 10^15, so saldo stays an exact JSON number and /v3/account keeps answering", async () => {
    const { id } = await createMerchant({ name: "A", email: "a@x.id" });
    expect(await adjustBalance(id, 10 ** 15 - 5, "big")).toEqual({ saldo: 10 ** 15 - 5 });
    await expect(adjustBalance(id, 6, "one too many")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(adjustBalance(id, Number.MAX_SAFE_INTEGER, "absurd")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await adjustBalance(id, 5, "exactly the cap")).toEqual({ saldo: 10 ** 15 });
  });

  it("never lets concurrent debits overdraw", async () => {
    const { id } = await createMerchant({ name: "A", email: "a@x.id", saldo: 1000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => adjustBalance(id, -100, "parallel")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect((await showMerchant(id)).saldo).toBe(0);
  });
});
