import { formatRupiah, formatWibText } from "@/components/format";

type Shown = "Pending" | "Paid" | "Expired" | "Failed";

/**
 * Announces status changes to screen readers (aria-live) as the page updates itself.
 * Focusable from script (`ref`), so focus can land here when the button that was focused disappears.
 */
type Props = { status: Shown; amount: number; brand: string; paidAt: string | null; receiptHref: string; ref?: React.Ref<HTMLDivElement> };

const LINK = "rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-900";

export function StatusPanel({ status, amount, brand, paidAt, receiptHref, ref }: Props) {
  return (
    <div ref={ref} tabIndex={-1} role="status" aria-live="polite" aria-atomic="true" data-testid="topup-status" data-status={status} className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
      {status === "Pending" ? (
        <p className="rounded-lg bg-blue-50 px-4 py-3 text-center text-sm font-medium text-blue-900">Menunggu pembayaran</p>
      ) : null}
      {status === "Paid" ? (
        <div className="rounded-xl border border-green-300 bg-green-50 px-4 py-5 text-center">
          <p className="text-lg font-bold text-green-900">Pembayaran berhasil</p>
          <p className="mt-1 text-sm text-green-900">
            Saldo {formatRupiah(amount)} sudah ditambahkan ke akun {brand}.{paidAt ? ` Dibayar ${formatWibText(paidAt)}.` : ""}
          </p>
          {/* The merchant came from the dashboard's Saldo (sign-in brings a signed-out payer back there); the receipt needs only this link. */}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <a href={receiptHref} className={`${LINK} bg-green-800 text-white hover:bg-green-900`}>
              Lihat kuitansi
            </a>
            <a href="/balance" className={`${LINK} border border-green-800 bg-white text-green-900 hover:bg-green-100`}>
              Kembali ke dashboard
            </a>
          </div>
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
