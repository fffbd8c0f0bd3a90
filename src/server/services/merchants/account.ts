import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { accountData, type AccountData } from "@/schemas/v3/account";

/** GET /v3/account: the spec's fields only — never keys, password, webhook secret or internal ids. */
export async function getAccount(merchantId: number): Promise<AccountData> {
  const db = await getDb();
  const m = await db.merchant.findUnique({
    where: { id: merchantId },
    select: { merchantId: true, name: true, brandName: true, brandEmail: true, email: true, saldo: true },
  });
  // The key was valid a moment ago; a merchant deleted since then is an unknown caller now.
  if (!m) throw new AppError("UNAUTHORIZED", "Akun untuk API key ini tidak ditemukan.");
  // Parsing with the published schema keeps the response to exactly these fields.
  return accountData.parse({ merchant_id: m.merchantId, name: m.name, brand_name: m.brandName, brand_email: m.brandEmail, email: m.email, saldo: Number(m.saldo) });
}
