// POST /v3/topups: an invoice to top up the saldo.
import { createTopupBody, TOPUP_AMOUNTS, TOPUP_VALIDITY_HOURS, topupInvoiceData } from "@/schemas/v3/topups";
import { examples } from "@/server/http/v3-endpoints/examples";
import { changeByApiKey } from "@/server/services/audit/api-key-change";
import { createTopup } from "@/server/services/topups/create-topup";
import { defineEndpoint } from "../v3-endpoint";

export const createTopupEndpoint = defineEndpoint({
  operationId: "createTopup",
  method: "post",
  path: "/v3/topups",
  summary: "Buat tagihan isi saldo",
  description: `Panggil hanya dari server Anda. \`amount\` salah satu dari ${TOPUP_AMOUNTS.join(", ")}; tanpa \`payment_method_id\` dipakai metode aktif pertama yang menerima nominal itu. \`payment_total\` sudah termasuk biaya admin; \`amount\` yang ditambahkan ke saldo setelah pembayaran dikonfirmasi. Buka \`payment_url\` (tanpa login) untuk membayar dengan QRIS atau virtual account bank dalam ${TOPUP_VALIDITY_HOURS} jam. Bila gateway pembayaran gagal, dijawab 500 INTERNAL_ERROR dan tidak ada yang dibuat.`,
  input: { from: "body", name: "CreateTopupBody", schema: createTopupBody, examples: { qris: examples.topupBody, virtual_account: examples.topupBodyWithMethod } },
  response: { name: "TopupInvoice", schema: topupInvoiceData, examples: { qris: examples.topup, virtual_account: examples.topupVa } },
  errors: [],
  handle: async (ctx, request) => createTopup(ctx.merchant.id, request, await changeByApiKey(ctx), ctx.requestId),
});
