"use client";
import { useEffect, useState } from "react";
import { formatWibText } from "@/components/format";

function format(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

export function Countdown({ deadline, expiresAt, onElapsed }: { deadline: number; expiresAt: string; onElapsed: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = deadline - now;
  // "25 Nov 2026 18.04 WIB": the line breaks between date and time, never inside either.
  const shown = formatWibText(expiresAt);
  const cut = shown.lastIndexOf(" ", shown.length - 5);
  useEffect(() => {
    if (left <= 0) onElapsed();
  }, [left, onElapsed]);
  return (
    <section aria-labelledby="batas-waktu" className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <div className="min-w-0">
        <h2 id="batas-waktu" className="text-sm font-medium text-slate-600">
          Selesaikan pembayaran dalam
        </h2>
        <p className="text-xs text-slate-600">
          Batas: <span className="whitespace-nowrap">{shown.slice(0, cut)}</span> <span className="whitespace-nowrap">{shown.slice(cut + 1)}</span>
        </p>
      </div>
      {/* role=timer is not announced every second (its live region is off); the time is also in
          the name for readers that speak only the name. The server's and the browser's render can
          fall on either side of a second, hence suppressHydrationWarning. */}
      <p role="timer" aria-label={`Sisa waktu ${format(left)}`} className="shrink-0 font-mono text-2xl font-bold tabular-nums text-slate-900" data-testid="countdown" suppressHydrationWarning>
        {format(left)}
      </p>
    </section>
  );
}
