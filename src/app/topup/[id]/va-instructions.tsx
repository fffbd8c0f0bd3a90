"use client";
import { useEffect, useRef, useState } from "react";
import { formatRupiah } from "@/components/format";

/** Groups digits in fours for reading aloud and typing; the copied value has no spaces. */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

const CONFIRMATION_MS = 3000;

export function VaInstructions({ bank, number, total, recipient }: { bank: string; number: string; total: number; recipient: string }) {
  const [copied, setCopied] = useState<"ok" | "failed" | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
      setCopied("ok");
    } catch {
      setCopied("failed");
    }
    // A second tap restarts the confirmation instead of letting the first tap's timer cut it short.
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setCopied(null), CONFIRMATION_MS);
  }

  return (
    <section aria-labelledby="bayar-va" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="bayar-va" className="text-base font-semibold text-slate-900">
        Transfer ke Virtual Account {bank}
      </h2>
      {/* dt/dd ties the number to its label for assistive technology; the button sits with the value it copies. */}
      <dl className="mt-3">
        <dt className="text-sm text-slate-600">Nomor Virtual Account</dt>
        <dd className="mt-1 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-3">
          <span className="whitespace-nowrap font-mono text-lg font-bold text-slate-900 sm:text-xl" data-testid="va-number" data-value={number}>
            {grouped(number)}
          </span>
          <button
            type="button"
            onClick={copy}
            aria-label={`Salin nomor Virtual Account ${number}`}
            className="shrink-0 rounded-md border border-slate-500 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Salin
          </button>
        </dd>
      </dl>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium">
        {copied === "ok" ? <span className="text-green-800">Tersalin ✓ Nomor VA sudah disalin.</span> : null}
        {copied === "failed" ? <span className="text-red-700">Gagal menyalin. Salin nomor secara manual.</span> : null}
      </p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Buka m-banking, internet banking atau ATM {bank}.</li>
        <li>Pilih menu transfer ke Virtual Account, lalu masukkan nomor di atas.</li>
        <li>
          Pastikan total {formatRupiah(total)} dan nama penerima <strong className="font-semibold">{recipient}</strong>, lalu konfirmasi.
        </li>
      </ol>
    </section>
  );
}
