"use client";
// Isi saldo: a package, then one of the methods that take it (with the admin fee
// and total the payer will see), then the hosted payment page in a new tab.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { PaymentMethodLogo } from "@/components/ui/payment-method-logo";
import { Button, ErrorNotice, Loading } from "@/components/ui/primitives";
import { TOPUP_AMOUNTS, type TopupAmount } from "@/schemas/v3/topups";

const OPTION = "flex cursor-pointer rounded-lg border border-slate-300 bg-white text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:ring-2 has-focus-visible:ring-brand-500";

export function TopupPicker() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<TopupAmount>(TOPUP_AMOUNTS[0]);
  const [methodId, setMethodId] = useState<number | null>(null);
  const methods = useQuery({ ...trpc.topups.methods.queryOptions({ amount }), staleTime: 60_000 });
  const create = useMutation(trpc.topups.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.topups.balance.queryKey() }) }));
  // The method stays picked across packages when it takes the new one too.
  const options = methods.data ?? [];
  const chosen = options.find((m) => m.payment_method_id === methodId) ?? options[0];

  async function pay() {
    if (!chosen) return;
    // Open the tab within the click so pop-up blockers allow it, then point it at the invoice.
    const tab = window.open("", "_blank");
    try {
      const invoice = await create.mutateAsync({ amount, paymentMethodId: chosen.payment_method_id });
      if (tab) tab.location.href = invoice.payment_url;
      else window.location.href = invoice.payment_url;
    } catch {
      tab?.close();
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">1. Paket saldo</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5">
          {TOPUP_AMOUNTS.map((a) => (
            <label key={a} className={`${OPTION} justify-center px-3 py-2.5 font-medium whitespace-nowrap tabular-nums`}>
              <input type="radio" name="topup-amount" className="sr-only" checked={a === amount} onChange={() => setAmount(a)} />
              {formatRupiah(a)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">2. Metode pembayaran</legend>
        {methods.error ? <ErrorNotice message={errorMessage(methods.error)} onRetry={() => methods.refetch()} /> : null}
        {methods.isPending ? <Loading label="Memuat metode pembayaran…" /> : null}
        {methods.data && options.length === 0 ? <p className="text-sm text-slate-600">Belum ada metode pembayaran untuk paket ini.</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((m) => (
            // The logo beside the name, the fee and total under it: the name keeps one line in a half-width card.
            <label key={m.payment_method_id} className={`${OPTION} items-center gap-3 px-3 py-2.5`}>
              <input type="radio" name="topup-method" className="shrink-0 accent-brand-600" checked={m.payment_method_id === chosen?.payment_method_id} onChange={() => setMethodId(m.payment_method_id)} />
              <PaymentMethodLogo code={m.code} name={m.name} />
              <span className="min-w-0">
                <span aria-hidden="true" className="block font-medium">
                  {m.name}
                </span>
                <span className="block text-xs whitespace-nowrap text-slate-600">Biaya admin {formatRupiah(m.admin_fee)}</span>
                <span className="block text-xs font-medium whitespace-nowrap text-slate-900">Total {formatRupiah(m.payment_total)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button onClick={pay} busy={create.isPending} disabled={!chosen} className="py-2.5">
          {chosen ? `Bayar ${formatRupiah(chosen.payment_total)}` : "Bayar"}
        </Button>
        <p className="text-xs text-slate-600">Halaman pembayaran terbuka di tab baru dan berlaku 3 jam.</p>
      </div>
      {create.error ? <ErrorNotice message={errorMessage(create.error)} /> : null}
    </div>
  );
}
