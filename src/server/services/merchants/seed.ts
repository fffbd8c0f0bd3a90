import { getDb } from "@/server/db/client";
import { createApiKey } from "@/server/services/api-keys/api-keys";
import { createMerchant } from "./merchants";

export const DEMO_LOGIN = { email: "demo@sandi.test", password: "sandi-demo-123" };

/** A demo merchant with a known login and 100,000 credits; running it again issues a fresh key for the same merchant. */
export async function seedDemo() {
  const db = await getDb();
  const existing = await db.merchant.findUnique({ where: { email: DEMO_LOGIN.email } });
  const created = existing
    ? { merchant_id: existing.merchantId, ...(await createApiKey({ id: existing.id, livemode: true }, "Seed")) }
    : await createMerchant({ name: "Demo Merchant", email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, brandName: "Demo", brandEmail: "otp@demo.sandi.test", saldo: 100_000 });
  return { merchant_id: created.merchant_id, email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, key_id: created.key_id, api_key: created.api_key };
}
