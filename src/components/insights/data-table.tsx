// The numbers behind a chart, folded under it: the chart's text alternative.
import { formatNumber, formatPercent, formatRupiah } from "@/components/format";

export type TableRow = { key: string; label: string; created: number; delivered: number; verified: number; failed: number; expired: number; locked: number; spend: number; conversionRate: number };

export function DataTable({ rows, keyLabel, caption, testId }: { rows: TableRow[]; keyLabel: string; caption: string; testId: string }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer text-brand-700">Tabel data</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-xs sm:text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {[keyLabel, "Dibuat", "Terkirim", "Terverifikasi", "Gagal", "Kedaluwarsa", "Terkunci", "Biaya", "Konversi"].map((h, i) => (
                <th key={h} scope="col" className={`py-1.5 pr-3 font-medium whitespace-nowrap ${i ? "text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-key={r.key} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                  {r.label}
                </th>
                {[r.created, r.delivered, r.verified, r.failed, r.expired, r.locked].map((v, i) => (
                  <td key={i} className="py-1.5 pr-3 text-right tabular-nums">
                    {formatNumber(v)}
                  </td>
                ))}
                <td className="py-1.5 pr-3 text-right tabular-nums whitespace-nowrap">{formatRupiah(r.spend)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatPercent(r.conversionRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
