// GET /v3/account (spec "Merchant account"): the merchant's profile and credit balance,
// exactly the documented fields.
import { describe, expect, it } from "vitest";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { account, newMerchant, requestOtp } from "../../../harness/v3-fixtures";

describe("GET /v3/account: the merchant's profile and saldo, exactly the spec's fields", () => {
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

  it("returns the spec's fields only, with saldo as an integer", async () => {
    const m = await newMerchant({ saldo: 1234, brandName: "Maju", brandEmail: "otp@maju.id" });
    const res = await account(m.key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data!).sort()).toEqual(["brand_email", "brand_name", "email", "livemode", "merchant_id", "name", "saldo"]);
    expect(res.body.data).toMatchObject({ merchant_id: m.merchantId, brand_name: "Maju", brand_email: "otp@maju.id", saldo: 1234 });
    expect(JSON.stringify(res.body)).not.toContain(m.key);
  });

  it("saldo is an integer that follows the ledger", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    await adjustBalance(m.id, 2_000, "test credit");
    const { saldo } = (await account(m.key)).body.data as { saldo: unknown };
    expect(Number.isInteger(saldo)).toBe(true);
    expect(saldo).toBe(10_000 - 450 + 2_000);
  });
});
