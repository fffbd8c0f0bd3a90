// GET /v3/insights/summary: where a world's OTPs convert and where they are lost (docs/insights.md).
import { z } from "zod";

export const INSIGHTS_GROUPS = ["channel", "operator", "day", "hour", "fallback_step"] as const;
export type InsightsGroup = (typeof INSIGHTS_GROUPS)[number];
/** A summary covers at most a year of WIB days (a leap year's included). */
export const MAX_INSIGHTS_DAYS = 366;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Inclusive count of days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

const day = (field: string) =>
  z
    .string({ error: `${field} wajib diisi, tanggal WIB berformat YYYY-MM-DD.` })
    .refine(isCalendarDate, `${field} harus tanggal WIB yang ada, berformat YYYY-MM-DD.`)
    .describe(`Tanggal WIB ${field === "from" ? "pertama" : "terakhir"} (termasuk), YYYY-MM-DD`);

/** Both dates and the grouping, with the range checks every transport applies. */
export function insightsRangeSchema<G extends z.ZodType>(groupBy: G) {
  return z
    .object({ from: day("from"), to: day("to"), group_by: groupBy }, { error: "Parameter tidak valid." })
    .refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || q.from <= q.to, { message: "to tidak boleh sebelum from.", path: ["to"] })
    .refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || q.from > q.to || daysBetween(q.from, q.to) <= MAX_INSIGHTS_DAYS, {
      message: `to paling jauh ${MAX_INSIGHTS_DAYS} hari setelah from (rentang termasuk kedua tanggal).`,
      path: ["to"],
    });
}

export const insightsSummaryQuery = insightsRangeSchema(
  z
    .enum(INSIGHTS_GROUPS, { error: `group_by harus salah satu dari: ${INSIGHTS_GROUPS.join(", ")}.` })
    .optional()
    .describe("Rincian dalam `groups`; tanpa group_by, `groups` kosong"),
).transform((query): { from: string; to: string; groupBy?: InsightsGroup } => ({ from: query.from, to: query.to, groupBy: query.group_by }));
/** The summary service's input. */
export type InsightsSummaryQuery = z.output<typeof insightsSummaryQuery>;

export const insightsCounts = z
  .object({
    created: z.number().int().describe("OTP yang dibuat"),
    delivered: z.number().int().describe("OTP yang setidaknya satu pengirimannya diterima vendor (atau terverifikasi lewat pesan masuk)"),
    verified: z.number().int().describe("OTP yang terverifikasi"),
    failed: z.number().int().describe("OTP yang gagal terkirim di semua channel (gratis)"),
    expired: z.number().int().describe("OTP terkirim yang kedaluwarsa tanpa verifikasi dan tanpa terkunci"),
    locked: z.number().int().describe("OTP yang terkunci karena batas percobaan salah"),
    spend: z.number().int().describe("Kredit yang dipotong, setelah pengembalian pengiriman gagal"),
    conversion_rate: z.number().min(0).max(1).describe("verified ÷ created, 0 sampai 1 (4 desimal); 0 bila tidak ada OTP"),
  })
  .strict();

export const insightsGroup = insightsCounts.extend({ key: z.string().describe("channel, operator, YYYY-MM-DD, jam 00–23 atau langkah fallback (0 = channel pertama)") }).strict();

export const insightsSummaryData = z
  .object({
    from: z.string().describe("Seperti diminta"),
    to: z.string().describe("Seperti diminta"),
    totals: insightsCounts,
    groups: z.array(insightsGroup).describe("Setiap kelompok berjumlah sama dengan totals"),
  })
  .strict();

export type InsightsCountsData = z.infer<typeof insightsCounts>;
export type InsightsSummaryData = z.infer<typeof insightsSummaryData>;
