// GET /v3/account (spec "Merchant account"): the merchant's profile and credit
// balance — and nothing that could be used against it.
import { describe, expect, it } from "vitest";
import { GET as accountGet, POST as accountPost } from "@/app/v3/account/route";
import { getDb } from "@/server/db/client";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { readEnvelope, v3Request } from "../harness/http";
import { account, newMerchant, requestOtp } from "../harness/v3-fixtures";

describe("GET /v3/account", () => {
  it("returns merchant_id, name, brand_name, brand_email, email, saldo and livemode, exactly", async () => {
    const m = await newMerchant({ name: "PT Toko Maju", email: "dev@tokomaju.test", brandName: "TokoKu", brandEmail: "otp@tokomaju.test", saldo: 12_345 });
    const res = await account(m.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { merchant_id: m.merchantId, name: "PT Toko Maju", brand_name: "TokoKu", brand_email: "otp@tokomaju.test", email: "dev@tokomaju.test", saldo: 12_345, livemode: true },
      error: null,
    });
  });

  it("saldo is an integer that follows the ledger", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    await adjustBalance(m.id, 2_000, "test credit");
    const { saldo } = (await account(m.key)).body.data as { saldo: unknown };
    expect(Number.isInteger(saldo)).toBe(true);
    expect(saldo).toBe(10_000 - 450 + 2_000);
  });

  it("never includes an API key, the password, the webhook secret or internal ids", async () => {
    const m = await newMerchant({ password: "rahasia-sekali-123" });
    const { webhook_secret } = (await updateMerchant(m.id, { webhookUrl: "http://127.0.0.1:9/hooks" })) as { webhook_secret: string };
    expect(webhook_secret).toMatch(/^whsec_/);
    const db = await getDb();
    const row = await db.merchant.findUniqueOrThrow({ where: { id: m.id }, include: { apiKeys: true } });
    const text = JSON.stringify((await account(m.key)).body);
    for (const secret of [m.key, m.keyId, row.apiKeys[0].keyHash, row.passwordHash!, "rahasia-sekali-123", webhook_secret, webhook_secret.slice(6)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(id|api_key|key_id|password|password_hash|webhook_secret|secret)"/);
  });

  it("each key reads its own merchant's account", async () => {
    const a = await newMerchant({ saldo: 111 });
    const b = await newMerchant({ saldo: 222 });
    expect((await account(a.key)).body.data).toMatchObject({ merchant_id: a.merchantId, saldo: 111 });
    expect((await account(b.key)).body.data).toMatchObject({ merchant_id: b.merchantId, saldo: 222 });
  });

  it("without a key is 401 UNAUTHORIZED", async () => {
    const res = await readEnvelope(await accountGet(v3Request("/v3/account")));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: "UNAUTHORIZED" } });
  });

  it("POST is 405 METHOD_NOT_ALLOWED", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await accountPost(v3Request("/v3/account", { key: m.key, body: { saldo: 1e9 } })));
    expect(res.status).toBe(405);
    expect(res.body.error?.code).toBe("METHOD_NOT_ALLOWED");
  });
});
