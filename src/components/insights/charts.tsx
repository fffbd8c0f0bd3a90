// Insights charts without a chart library: HTML bars sized in percent and one SVG
// line chart with a viewBox, so they render on the server, scale to a phone and keep
// their text readable. Every chart prints its numbers or comes with a data table.
import type { ReactNode } from "react";
import { formatNumber, formatPercent } from "@/components/format";
import { PALETTE } from "./palette";

/** created → delivered → verified, each as a share of created. */
export function Funnel({ created, delivered, verified }: { created: number; delivered: number; verified: number }) {
  const steps = [
    { label: "Dibuat", value: created, color: PALETTE.sky, id: "created" },
    { label: "Terkirim", value: delivered, color: PALETTE.blue, id: "delivered" },
    { label: "Terverifikasi", value: verified, color: PALETTE.green, id: "verified" },
  ];
  return (
    <ol className="flex flex-col gap-3" aria-label="Corong konversi">
      {steps.map((s) => (
        <li key={s.id} data-testid={`funnel-${s.id}`}>
          <div className="mb-1 flex justify-between gap-2 text-sm">
            <span className="font-medium">{s.label}</span>
            <span className="tabular-nums">
              <span data-testid="value">{formatNumber(s.value)}</span> <span className="text-slate-600">({formatPercent(created ? s.value / created : null)})</span>
            </span>
          </div>
          <div className="h-4 rounded bg-slate-100" aria-hidden>
            <div className="h-4 rounded" style={{ width: `${created ? (s.value / created) * 100 : 0}%`, backgroundColor: s.color }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

export type RateBar = { key: string; label: string; created: number; verified: number; rate: number };

/** One horizontal bar per bucket: its conversion rate, with verified of created written out. */
export function RateBars({ bars, testId }: { bars: RateBar[]; testId: string }) {
  return (
    <ul className="flex flex-col gap-3" data-testid={testId}>
      {bars.map((b) => (
        <li key={b.key} data-testid={`${testId}-${b.key}`}>
          <div className="mb-1 flex flex-wrap justify-between gap-x-2 text-sm">
            <span className="font-medium">{b.label}</span>
            <span className="tabular-nums">
              <span data-testid="rate">{formatPercent(b.rate)}</span>{" "}
              <span className="text-slate-600">
                (<span data-testid="verified">{formatNumber(b.verified)}</span> dari <span data-testid="created">{formatNumber(b.created)}</span>)
              </span>
            </span>
          </div>
          <div className="h-3 rounded bg-slate-100" aria-hidden>
            <div className="h-3 rounded" style={{ width: `${b.rate * 100}%`, backgroundColor: PALETTE.blue }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export type DayPoint = { key: string; created: number; verified: number; spend: number };

const W = 600;
const H = 200;
const PAD = { left: 36, right: 8, top: 10, bottom: 22 };

/** Created (solid blue) and verified (dashed orange) per day. */
export function DailyLines({ points }: { points: DayPoint[] }) {
  const max = Math.max(1, ...points.map((p) => p.created));
  const x = (i: number) => PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i / (points.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - v / max) * (H - PAD.top - PAD.bottom);
  const line = (pick: (p: DayPoint) => number) => points.map((p, i) => `${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(" ");
  const ticks = points.length <= 1 ? [0] : [0, Math.floor((points.length - 1) / 2), points.length - 1];
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`OTP dibuat dan terverifikasi per hari, ${points.length} hari; paling banyak ${max} dibuat dalam sehari. Angkanya ada di tabel data.`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} stroke="#e2e8f0" />
        <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" fontSize="12" fill="#475569">
          {max}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#475569">
          0
        </text>
        <polyline points={line((p) => p.created)} fill="none" stroke={PALETTE.blue} strokeWidth="2.5" />
        <polyline points={line((p) => p.verified)} fill="none" stroke={PALETTE.orange} strokeWidth="2.5" strokeDasharray="6 4" />
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={H - 6} textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"} fontSize="12" fill="#475569">
            {points[i] ? `${points[i].key.slice(8, 10)}/${points[i].key.slice(5, 7)}` : ""}
          </text>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        <Legend swatch={<span className="inline-block h-0.5 w-5" style={{ backgroundColor: PALETTE.blue }} />}>Dibuat</Legend>
        <Legend swatch={<span className="inline-block w-5 border-t-2 border-dashed" style={{ borderColor: PALETTE.orange }} />}>Terverifikasi</Legend>
        <span>Biaya per hari: lihat tabel data.</span>
      </figcaption>
    </figure>
  );
}

function Legend({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <span className="flex items-center gap-1.5">
      {swatch}
      {children}
    </span>
  );
}

/** Vertical bars of how many OTPs were verified within each span of time. */
export function DistributionBars({ bars }: { bars: { label: string; count: number }[] }) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <div className="flex h-44 items-end gap-1 border-b border-slate-300 sm:gap-2" data-testid="verify-distribution">
      {bars.map((b) => (
        <div key={b.label} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
          <span className="text-xs tabular-nums" data-testid={`distribution-${b.label}`}>
            {formatNumber(b.count)}
          </span>
          <div className="w-full rounded-t" style={{ height: `${(b.count / max) * 75}%`, backgroundColor: PALETTE.green }} aria-hidden />
          <span className="text-center text-[11px] leading-tight text-slate-600">{b.label}</span>
        </div>
      ))}
    </div>
  );
}
