import { formatRupiah } from "@/components/format";
import { PaymentMethodLabel } from "@/components/ui/payment-method-logo";
import type { Receipt } from "@/schemas/dashboard/exports";

/** The receipt itself, the same in the dashboard and behind the hosted page's signed link; it prints on one page. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  return (
    <article data-testid="receipt" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:max-w-none print:border-0 print:shadow-none">
      <header className="mb-6 flex flex-col gap-1 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-2xl font-bold tracking-tight text-brand-700">{receipt.payee}</p>
          <p className="text-sm text-slate-600">Kuitansi isi saldo</p>
        </div>
        <p className="font-mono text-sm wrap-anywhere" data-testid="receipt-id">
          {receipt.topup_id}
        </p>
      </header>
      <dl className="grid grid-cols-1 items-baseline gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Diterima dari</dt>
        <dd className="font-medium wrap-anywhere">
          {receipt.merchant_name} <span className="font-mono text-xs font-normal text-slate-500">({receipt.merchant_id})</span>
        </dd>
        <dt className="text-slate-600">Dibayar pada</dt>
        <dd>{receipt.paid_at}</dd>
        <dt className="text-slate-600">Metode pembayaran</dt>
        <dd data-testid="receipt-payment-method">
          <PaymentMethodLabel code={receipt.payment_method_code} name={receipt.payment_method} size="sm" />
        </dd>
        <dt className="text-slate-600">Saldo yang ditambahkan</dt>
        <dd className="tabular-nums">{formatRupiah(receipt.amount)}</dd>
        <dt className="text-slate-600">Biaya admin</dt>
        <dd className="tabular-nums">{formatRupiah(receipt.admin_fee)}</dd>
        {/* One rule across both columns (a border per cell breaks at the column gap and doubles when stacked). */}
        <div data-testid="receipt-total-row" className="col-span-full grid grid-cols-1 items-baseline gap-x-6 gap-y-1 border-t border-slate-200 pt-3 sm:grid-cols-subgrid">
          <dt className="font-semibold">Total dibayar</dt>
          <dd className="text-base font-semibold tabular-nums" data-testid="receipt-total">
            {formatRupiah(receipt.payment_total)}
          </dd>
        </div>
      </dl>
      <p className="mt-6 text-xs text-slate-500">Status: Lunas. Kuitansi ini dibuat otomatis oleh {receipt.payee} dan sah tanpa tanda tangan.</p>
    </article>
  );
}
