// CSV of each Insights breakdown, like the dashboard's other exports: one row per
// bucket with the same figures the page and GET /v3/insights/summary show.
import { toCsv } from "@/server/lib/csv";
import type { InsightsCsvQuery } from "@/schemas/dashboard/insights";
import { OPERATOR_LABELS, type Operator } from "./operators";
import { getInsightsReport, type ReportBucket } from "./report";

const FIGURES = ["dibuat", "terkirim", "terverifikasi", "gagal", "kedaluwarsa", "terkunci", "biaya", "tingkat_konversi"];
const KEY_HEADER = { channel: "channel", operator: "operator", day: "tanggal_wib", hour: "jam_wib", fallback_step: "langkah_fallback" } as const;
const FIELD = { channel: "byChannel", operator: "byOperator", day: "byDay", hour: "byHour", fallback_step: "byFallbackStep" } as const;

const figures = (b: ReportBucket) => [b.created, b.delivered, b.verified, b.failed, b.expired, b.locked, b.spend, b.conversionRate];

export async function exportInsightsCsv(worldId: number, query: InsightsCsvQuery) {
  const report = await getInsightsReport(worldId, { from: query.from, to: query.to });
  const name = (what: string) => `sandi-insights-${what}-${query.from}_${query.to}.csv`;
  if (query.breakdown === "unverified") {
    const rows = report.unverifiedSpend.map((r) => [r.channel, OPERATOR_LABELS[r.operator as Operator] ?? r.operator, r.created, r.unverified, r.unverifiedSpend]);
    return { filename: name("tanpa-verifikasi"), csv: toCsv(["channel", "operator", "dibuat", "tidak_terverifikasi", "biaya_tanpa_verifikasi"], rows), rows: rows.length };
  }
  const kind = query.breakdown;
  const buckets = report[FIELD[kind]];
  const key = (b: ReportBucket) => (kind === "operator" ? (OPERATOR_LABELS[b.key as Operator] ?? b.key) : b.key);
  const rows = [...buckets.map((b) => [key(b), ...figures(b)]), ["total", ...figures({ key: "", ...report.totals })]];
  return { filename: name(kind.replace("_", "-")), csv: toCsv([KEY_HEADER[kind], ...FIGURES], rows), rows: buckets.length };
}
