// A dependency-free bar chart: one bar per day, the verified part darker.
export function BarChart({ points }: { points: { day: string; total: number; verified: number }[] }) {
  const width = 720;
  const height = 180;
  const bottom = 22;
  const max = Math.max(1, ...points.map((p) => p.total));
  const slot = width / points.length;
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (n: number) => (n / max) * (height - bottom - 8);
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Jumlah OTP per hari, 30 hari terakhir" className="h-48 w-full">
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} className="stroke-slate-200" />
        {points.map((p, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          const total = scale(p.total);
          const verified = scale(p.verified);
          return (
            <g key={p.day}>
              <title>{`${p.day}: ${p.total} OTP, ${p.verified} terverifikasi`}</title>
              <rect x={x} y={height - bottom - total} width={barWidth} height={total} rx={2} className="fill-brand-100" />
              <rect x={x} y={height - bottom - verified} width={barWidth} height={verified} rx={2} className="fill-brand-500" />
              {i % 5 === 0 || i === points.length - 1 ? (
                <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" className="fill-slate-500 text-[10px]">
                  {p.day.slice(8, 10)}/{p.day.slice(5, 7)}
                </text>
              ) : null}
            </g>
          );
        })}
        <text x={4} y={12} className="fill-slate-400 text-[10px]">
          maks {max}
        </text>
      </svg>
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-500">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-100" /> Semua OTP
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-brand-500" /> Terverifikasi
        </span>
      </figcaption>
    </figure>
  );
}
