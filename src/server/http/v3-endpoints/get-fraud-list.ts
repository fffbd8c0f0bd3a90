// GET /v3/lists/{list}: the safe list or block list of the key's world.
import { fraudListData } from "@/schemas/fraud-lists";
import { examples } from "@/server/http/v3-endpoints/examples";
import { listEntries } from "@/server/services/fraud/lists";
import { defineEndpoint } from "../v3-endpoint";
import { listParameter, listPath } from "./fraud-list-path";

export const getFraudListEndpoint = defineEndpoint({
  operationId: "getFraudList",
  method: "get",
  path: "/v3/lists/{list}",
  summary: "Baca daftar aman atau daftar blokir",
  description:
    "`safe`: nomor dan prefix yang selalu dikirimi OTP, tanpa pemeriksaan fraud guard maupun izin negara (batas per nomor dan saldo tetap berlaku). `block`: nomor dan prefix yang ditolak dengan 403 FRAUD_BLOCKED (`details.reason` = `blocklist`) sebelum apa pun dipotong atau dihitung. Hanya daftar mode API key Anda (live atau uji). Terbaru lebih dulu.",
  pathParameters: [listParameter("safe")],
  response: { name: "FraudList", schema: fraudListData, examples: { safe: { list: "safe", entries: [examples.fraudListEntry] } } },
  errors: ["NOT_FOUND"],
  parsePath: listPath,
  handle: async (ctx, _input, { list }) => ({ list, entries: await listEntries(ctx.merchant.id, list) }),
});
