// POST /v3/test/receipts: a vendor's delivery receipt for a test OTP.
import { testReceiptBody, testReceiptData } from "@/schemas/v3/test-mode";
import { examples } from "@/server/openapi/examples";
import { applyTestReceipt } from "@/server/services/test-mode/test-receipts";
import { defineEndpoint } from "../v3-endpoint";

export const testReceiptsEndpoint = defineEndpoint({
  operationId: "sendTestReceipt",
  method: "post",
  path: "/v3/test/receipts",
  summary: "Mode uji: laporkan status pengiriman OTP uji",
  description:
    "Hanya untuk API key uji (404 NOT_FOUND dengan API key live). Menggerakkan OTP uji berstatus `sent` seperti laporan vendor: `delivered` menjadi `success`, `failed` menjadi `failed` dengan biaya dikembalikan ke saldo uji. Status lain dibiarkan. OTP merchant lain atau mode live dijawab OTP_NOT_FOUND.",
  testOnly: true,
  input: { from: "body", name: "TestReceiptBody", schema: testReceiptBody, examples: { failed: examples.testReceiptBody } },
  response: { name: "TestReceiptResult", schema: testReceiptData, examples: { failed: examples.testReceiptResult } },
  errors: ["OTP_NOT_FOUND"],
  handle: (ctx, receipt) => applyTestReceipt(ctx.merchant.id, receipt),
});
