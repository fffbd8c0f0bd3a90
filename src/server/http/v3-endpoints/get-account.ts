// GET /v3/account: the merchant's account and saldo.
import { accountData } from "@/schemas/v3/account";
import { examples } from "@/server/openapi/examples";
import { getAccount } from "@/server/services/merchants/account";
import { defineEndpoint } from "../v3-endpoint";

export const getAccountEndpoint = defineEndpoint({
  operationId: "getAccount",
  method: "get",
  path: "/v3/account",
  summary: "Baca akun dan saldo kredit Anda",
  description: "Tidak pernah memuat API key, kata sandi, secret webhook atau ID internal.",
  response: { name: "Account", schema: accountData, examples: { account: examples.account } },
  errors: [],
  handle: (ctx) => getAccount(ctx.merchant.id),
});
