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

/**
 * Created (solid blue) and verified (dashed orange) per day. The SVG stretches to
 * the card (its strokes keep their width); the axis labels are HTML, so they keep
 * their size on a phone.
 */
export function DailyLines({ points }: { points: DayPoint[] }) {
  const max = Math.max(1, ...points.map((p) => p.created));
  const x = (i: number) => (points.length === 1 ? W / 2 : (i / (points.length - 1)) * W);
  const y = (v: number) => 4 + (1 - v / max) * (H - 8);
  const line = (pick: (p: DayPoint) => number) => points.map((p, i) => `${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(" ");
  const ticks = points.length <= 1 ? [0] : [0, Math.floor((points.length - 1) / 2), points.length - 1];
  const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  return (
    <figure>
      <div role="img" aria-label={`OTP dibuat dan terverifikasi per hari, ${points.length} hari; paling banyak ${max} dibuat dalam sehari. Angkanya ada di tabel data.`}>
        <p className="mb-1 text-xs text-slate-600" aria-hidden>
          maks {formatNumber(max)}
        </p>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="h-40 w-full border-b border-slate-300 sm:h-48" aria-hidden>
          <polyline points={line((p) => p.created)} fill="none" stroke={PALETTE.blue} strokeWidth="2.5" vectorEffect="non-scaling-stroke" />
          <polyline points={line((p) => p.verified)} fill="none" stroke={PALETTE.orange} strokeWidth="2.5" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden>
          {ticks.map((i) => (
            <span key={i}>{points[i] ? dayLabel(points[i].key) : ""}</span>
          ))}
        </div>
      </div>
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
