import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { accountData, type AccountData } from "@/schemas/v3/account";

// A test world answers with its live account's identity and its own (test) saldo.
const readAccount = namedQuery(
  "account-read",
  `SELECT a.merchant_id, a.name, a.brand_name, a.brand_email, a.email, w.saldo::text AS saldo, w.live_merchant_id IS NULL AS livemode
   FROM merchants w JOIN merchants a ON a.id = COALESCE(w.live_merchant_id, w.id) WHERE w.id = $1`,
);

type AccountRow = { merchant_id: string; name: string; brand_name: string; brand_email: string; email: string; saldo: string; livemode: boolean };

/** GET /v3/account: the spec's fields only — never keys, password, webhook secret or internal ids. */
export async function getAccount(merchantId: number): Promise<AccountData> {
  const [m] = await runAutocommit<AccountRow>(readAccount, [merchantId]);
  // The key was valid a moment ago; a merchant deleted since then is an unknown caller now.
  if (!m) throw new AppError("UNAUTHORIZED", "Akun untuk API key ini tidak ditemukan.");
  // Parsing with the published schema keeps the response to exactly these fields.
  return accountData.parse({ ...m, saldo: Number(m.saldo) });
}
