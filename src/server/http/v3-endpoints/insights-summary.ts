// GET /v3/insights/summary: where the key's world's OTPs convert and where they are lost.
import { INSIGHTS_GROUPS, insightsSummaryData, insightsSummaryQuery, MAX_INSIGHTS_DAYS } from "@/schemas/v3/insights";
import { examples } from "@/server/http/v3-endpoints/examples";
import { getInsightsSummary } from "@/server/services/insights/summary";
import { defineEndpoint } from "../v3-endpoint";

export const insightsSummaryEndpoint = defineEndpoint({
  operationId: "getInsightsSummary",
  method: "get",
  path: "/v3/insights/summary",
  summary: "Ringkasan konversi OTP per channel, operator, hari, jam atau langkah fallback",
  description:
    `Angka OTP yang dibuat pada rentang hari WIB \`from\`–\`to\` (termasuk keduanya, paling panjang ${MAX_INSIGHTS_DAYS} hari), hanya dari mode API key Anda (live atau uji). ` +
    "Setiap OTP tepat satu dari: verified, failed (gagal terkirim di semua channel), locked (batas percobaan salah), expired (terkirim, kedaluwarsa tanpa verifikasi) atau masih berlaku; `delivered` menghitung OTP yang setidaknya satu pengirimannya diterima vendor. " +
    "`spend` adalah kredit yang dipotong setelah pengembalian pengiriman gagal; `conversion_rate` = verified ÷ created (0–1, 4 desimal). " +
    "Dengan `group_by`, `groups` merinci angka yang sama per kunci dan jumlahnya sama dengan `totals`: `channel` (channel saat OTP dibuat), `operator` (dari prefiks nomor: telkomsel, indosat, xl_axis, tri, smartfren, other), `day` (setiap hari rentang, YYYY-MM-DD), `hour` (00–23 WIB, semua jam) atau `fallback_step` (0 = channel pertama, 1 = setelah fallback pertama, …). " +
    "Dibatasi seperti pembacaan lain (batas per detik API key).",
  input: {
    from: "query",
    schema: insightsSummaryQuery,
    parameters: [
      { name: "from", description: "Tanggal WIB pertama, YYYY-MM-DD (wajib)", example: "2026-11-01", type: "string", required: true },
      { name: "to", description: `Tanggal WIB terakhir, YYYY-MM-DD (wajib; paling jauh ${MAX_INSIGHTS_DAYS} hari termasuk from)`, example: "2026-11-30", type: "string", required: true },
      { name: "group_by", description: `${INSIGHTS_GROUPS.slice(0, -1).join(", ")} atau ${INSIGHTS_GROUPS.at(-1)} (opsional)`, example: "channel", type: "string" },
    ],
  },
  response: { name: "InsightsSummary", schema: insightsSummaryData, examples: { by_channel: examples.insightsSummary } },
  errors: [],
  handle: (ctx, query) => getInsightsSummary(ctx.merchant.id, query),
});
