// GET /v3/account: nothing in the answer could be used against the merchant, and a key
// reads only its own merchant's account.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { account, newMerchant } from "../../../harness/v3-fixtures";

describe("GET /v3/account: no secret in the answer, and each key sees only its own merchant", () => {
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
});
