import { formatRupiah } from "@/components/format";

type Shown = "Pending" | "Paid" | "Expired" | "Failed";

/**
 * Announces status changes to screen readers (aria-live) as the page updates itself.
 * Focusable from script (`ref`), so focus can land here when the button that was focused disappears.
 */
export function StatusPanel({ status, amount, brand, paidAt, ref }: { status: Shown; amount: number; brand: string; paidAt: string | null; ref?: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="status" aria-live="polite" aria-atomic="true" data-testid="topup-status" data-status={status} className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
      {status === "Pending" ? (
        <p className="rounded-lg bg-blue-50 px-4 py-3 text-center text-sm font-medium text-blue-900">Menunggu pembayaran</p>
      ) : null}
      {status === "Paid" ? (
        <div className="rounded-xl border border-green-300 bg-green-50 px-4 py-5 text-center">
          <p className="text-lg font-bold text-green-900">Pembayaran berhasil</p>
          <p className="mt-1 text-sm text-green-900">
            Saldo {formatRupiah(amount)} sudah ditambahkan ke akun {brand}.{paidAt ? ` Dibayar ${paidAt} WIB.` : ""}
          </p>
        </div>
      ) : null}
      {status === "Expired" ? (
        <div className="rounded-xl border border-slate-300 bg-slate-100 px-4 py-5 text-center">
          <p className="text-lg font-bold text-slate-900">Waktu pembayaran habis</p>
          <p className="mt-1 text-sm text-slate-700">Tagihan ini sudah kedaluwarsa dan tidak dapat dibayar. Buat tagihan baru untuk mengisi saldo.</p>
        </div>
      ) : null}
      {status === "Failed" ? (
        <div className="rounded-xl border border-red-300 bg-red-50 px-4 py-5 text-center">
          <p className="text-lg font-bold text-red-900">Pembayaran gagal</p>
          <p className="mt-1 text-sm text-red-900">Penyedia pembayaran menolak transaksi ini. Buat tagihan baru untuk mencoba lagi.</p>
        </div>
      ) : null}
    </div>
  );
}
