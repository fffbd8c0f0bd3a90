// POST /v3/lists/{list}: put a number or prefix on the safe list or block list.
import { FRAUD_LIST_MAX, fraudListEntryBody, fraudListEntryView } from "@/schemas/fraud-lists";
import { examples } from "@/server/http/v3-endpoints/examples";
import { changeByApiKey } from "@/server/services/audit/api-key-change";
import { addListEntry } from "@/server/services/fraud/lists";
import { defineEndpoint } from "../v3-endpoint";
import { listParameter, listPath } from "./fraud-list-path";

export const addFraudListEntryEndpoint = defineEndpoint({
  operationId: "addFraudListEntry",
  method: "post",
  path: "/v3/lists/{list}",
  summary: "Tambahkan nomor atau prefix ke daftar aman atau daftar blokir",
  description: `\`value\`: nomor (6281234567890, +6281234567890 atau 081234567890) atau prefix diakhiri \`*\` (62812345*), disimpan sebagai digit internasional. Nilai yang sudah ada dijawab dengan entri yang ada; nilai di daftar lain dipindahkan ke daftar ini. Bila nomor cocok dengan entri kedua daftar, entri yang lebih panjang (lebih spesifik) yang berlaku. Paling banyak ${FRAUD_LIST_MAX} entri per daftar. Berlaku dalam satu detik.`,
  pathParameters: [listParameter("block")],
  input: { from: "body", name: "FraudListEntryBody", schema: fraudListEntryBody, examples: { number: { value: "6281234567890" }, prefix: { value: "62812345*" } } },
  response: { name: "FraudListEntry", schema: fraudListEntryView, examples: { entry: examples.fraudListEntry } },
  errors: ["NOT_FOUND"],
  parsePath: listPath,
  handle: async (ctx, body, { list }) => addListEntry(ctx.merchant.id, { list, value: body.value }, await changeByApiKey(ctx)),
});
