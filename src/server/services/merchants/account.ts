import { runAlone, statement } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { accountData, type AccountData } from "@/schemas/v3/account";

const readAccount = statement(
  "account-read",
  "SELECT merchant_id, name, brand_name, brand_email, email, saldo::text AS saldo FROM merchants WHERE id = $1",
);

/** GET /v3/account: the spec's fields only — never keys, password, webhook secret or internal ids. */
export async function getAccount(merchantId: number): Promise<AccountData> {
  const [m] = await runAlone<{ merchant_id: string; name: string; brand_name: string; brand_email: string; email: string; saldo: string }>(readAccount, [merchantId]);
  // The key was valid a moment ago; a merchant deleted since then is an unknown caller now.
  if (!m) throw new AppError("UNAUTHORIZED", "Akun untuk API key ini tidak ditemukan.");
  // Parsing with the published schema keeps the response to exactly these fields.
  return accountData.parse({ ...m, saldo: Number(m.saldo) });
}
