// DELETE /v3/lists/{list}/{value}: take a number or prefix off a list.
import { fraudListRemoval } from "@/schemas/fraud-lists";
import { changeByApiKey } from "@/server/services/audit/api-key-change";
import { removeListEntry } from "@/server/services/fraud/lists";
import { defineEndpoint } from "../v3-endpoint";
import { entryPath, listParameter } from "./fraud-list-path";

export const removeFraudListEntryEndpoint = defineEndpoint({
  operationId: "removeFraudListEntry",
  method: "delete",
  path: "/v3/lists/{list}/{value}",
  summary: "Hapus nomor atau prefix dari daftar aman atau daftar blokir",
  description: "`value` seperti saat ditambahkan (prefix dengan `*`). Nilai yang tidak ada di daftar dijawab 404 NOT_FOUND.",
  pathParameters: [listParameter("block"), { name: "value", description: "Nomor atau prefix diakhiri *", example: "62812345*" }],
  response: { name: "FraudListRemoval", schema: fraudListRemoval, examples: { removed: { value: "62812345*", removed: true } } },
  errors: ["VALIDATION_ERROR", "NOT_FOUND"],
  parsePath: entryPath,
  handle: async (ctx, _input, entry) => removeListEntry(ctx.merchant.id, entry, await changeByApiKey(ctx)),
});
