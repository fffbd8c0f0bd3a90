"use client";
import { useRef } from "react";
import { QRCodeCanvas } from "qrcode.react";
import { formatRupiah } from "@/components/format";

export function QrInstructions({ qrString, topupId, total, recipient }: { qrString: string; topupId: string; total: number; recipient: string }) {
  const box = useRef<HTMLDivElement>(null);

  function download() {
    const canvas = box.current?.querySelector("canvas");
    if (!canvas) return;
    const link = document.createElement("a");
    link.href = canvas.toDataURL("image/png");
    link.download = `QRIS-${topupId}.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  return (
    <section aria-labelledby="bayar-qris" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="bayar-qris" className="text-base font-semibold text-slate-900">
        Scan QRIS untuk membayar
      </h2>
      <div ref={box} className="mx-auto mt-4 w-full max-w-[280px] rounded-lg border border-slate-200 bg-white p-2">
        {/* Rendered larger than shown so the downloaded PNG prints and scans well. */}
        <QRCodeCanvas
          value={qrString}
          size={512}
          marginSize={4}
          level="M"
          role="img"
          aria-label={`Kode QRIS untuk membayar ${formatRupiah(total)}`}
          style={{ width: "100%", height: "auto" }}
        />
      </div>
      <button
        type="button"
        onClick={download}
        className="mt-4 w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Unduh QR (PNG)
      </button>
      <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Buka aplikasi m-banking atau e-wallet yang mendukung QRIS.</li>
        <li>Pindai kode di atas, atau unggah gambar QR yang sudah diunduh.</li>
        <li>
          Pastikan total {formatRupiah(total)} dan nama penerima <strong className="font-semibold">{recipient}</strong>, lalu konfirmasi pembayaran.
        </li>
      </ol>
    </section>
  );
}
