// A dependency-free bar chart: one bar per day, the verified part darker. Bars
// and labels are HTML boxes sized in percent, so the text keeps its size on a
// phone instead of shrinking with a scaled SVG.
type Point = { day: string; total: number; verified: number };

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function BarChart({ points }: { points: Point[] }) {
  const max = Math.max(1, ...points.map((p) => p.total));
  const percent = (n: number) => `${(n / max) * 100}%`;
  // Every fifth day and the last one, as before; on a phone every tenth, so labels never touch.
  const labelled = (i: number) => i === points.length - 1 || (points.length - 1 - i) % 5 === 0;
  return (
    <figure>
      <div role="img" aria-label={`Jumlah OTP per hari, ${points.length} hari terakhir; paling banyak ${max} dalam sehari`}>
        <p className="mb-1 text-xs text-slate-600" aria-hidden>
          maks {max}
        </p>
        <div className="flex h-40 items-end gap-px border-b border-slate-300 sm:h-48 sm:gap-1" aria-hidden>
          {points.map((p) => (
            <div key={p.day} title={`${p.day}: ${p.total} OTP, ${p.verified} terverifikasi`} className="relative flex h-full flex-1 items-end">
              <div className="relative w-full rounded-t-sm bg-brand-100" style={{ height: percent(p.total) }}>
                <div className="absolute inset-x-0 bottom-0 rounded-t-sm bg-brand-500" style={{ height: p.total ? `${(p.verified / p.total) * 100}%` : 0 }} />
              </div>
            </div>
          ))}
        </div>
        <div className="relative mt-1 h-4 text-xs text-slate-600" aria-hidden>
          {points.map((p, i) =>
            labelled(i) ? (
              <span
                key={p.day}
                className={`absolute whitespace-nowrap ${(points.length - 1 - i) % 10 === 0 ? "" : "hidden sm:inline"} ${i === points.length - 1 ? "right-0" : "-translate-x-1/2"}`}
                style={i === points.length - 1 ? undefined : { left: `${((i + 0.5) / points.length) * 100}%` }}
              >
                {dayLabel(p.day)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-100 ring-1 ring-brand-500/40" /> Semua OTP
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-500" /> Terverifikasi
        </span>
      </figcaption>
    </figure>
  );
}
