// Benchmark merchants: a large saldo and a rate limit far above the load, so the
// figures measure the work of a request, not the limiter's refusals. Runs in the
// runner's process through the project's own services.
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";

export async function seedMerchants(count: number): Promise<{ keys: string[]; ids: number[] }> {
  const keys: string[] = [];
  const ids: number[] = [];
  const db = await getDb();
  for (let i = 1; i <= count; i++) {
    const created = await createMerchant({ name: `Bench ${i}`, email: `bench${i}@bench.test`, brandName: "TokoKu", saldo: 1_000_000_000, rateLimit: 100_000 });
    const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id }, select: { id: true } });
    keys.push(created.api_key);
    ids.push(row.id);
  }
  return { keys, ids };
}

/** The code the sandbox delivered for each OTP, with the merchant that owns it. */
export async function deliveredCodes(limit: number): Promise<{ otpId: string; code: string; merchantId: number }[]> {
  const db = await getDb();
  const rows = await db.sandboxMessage.findMany({ where: { delivered: true }, select: { otpId: true, code: true, merchantId: true }, orderBy: { id: "asc" }, take: limit });
  return rows;
}
