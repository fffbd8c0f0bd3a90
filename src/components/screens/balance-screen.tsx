"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Badge, Button, Card, EmptyState, ErrorNotice, Loading, PageHeader } from "@/components/ui/primitives";
import { TOPUP_AMOUNTS, type TopupAmount } from "@/schemas/v3/topups";

// A payer settles on another page; polling brings the new status and saldo here without a reload.
const POLL_MS = 10_000;

const REASONS: Record<string, string> = {
  otp_charge: "Biaya OTP",
  otp_refund: "Pengembalian biaya OTP",
  topup: "Isi saldo",
  manual_credit: "Penambahan oleh operator",
  manual_debit: "Pengurangan oleh operator",
};

const TOPUP_STATUS: Record<string, { label: string; tone: "amber" | "green" | "slate" | "red" }> = {
  Pending: { label: "Menunggu pembayaran", tone: "amber" },
  Paid: { label: "Lunas", tone: "green" },
  Expired: { label: "Kedaluwarsa", tone: "slate" },
  Failed: { label: "Gagal", tone: "red" },
};

export function BalanceScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ledgerPages = useCursorPages();
  const topupPages = useCursorPages();
  const profile = useQuery({ ...trpc.account.profile.queryOptions(), refetchInterval: POLL_MS });
  const ledger = useQuery({
    ...trpc.reports.ledger.queryOptions({ cursor: ledgerPages.cursor, limit: 20 }),
    placeholderData: keepPreviousData,
    refetchInterval: ledgerPages.isFirst ? POLL_MS : false,
  });
  const topups = useQuery({ ...trpc.topups.list.queryOptions({ cursor: topupPages.cursor, limit: 10 }), placeholderData: keepPreviousData, refetchInterval: POLL_MS });
  const create = useMutation(trpc.topups.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.topups.list.queryKey() }) }));
  const [pendingAmount, setPendingAmount] = useState<number | null>(null);

  // When a top-up turns Paid, show the credit at once rather than at the next poll.
  const paidCount = topups.data?.items.filter((t) => t.status === "Paid").length;
  const seenPaid = useRef(paidCount);
  useEffect(() => {
    if (seenPaid.current !== undefined && paidCount !== undefined && paidCount > seenPaid.current) {
      void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.reports.ledger.queryKey() });
    }
    seenPaid.current = paidCount;
  }, [paidCount, queryClient, trpc]);

  async function buy(amount: TopupAmount) {
    // Open the tab within the click so pop-up blockers allow it, then point it at the invoice.
    const tab = window.open("", "_blank");
    setPendingAmount(amount);
    try {
      const invoice = await create.mutateAsync({ amount });
      if (tab) tab.location.href = invoice.payment_url;
      else window.location.href = invoice.payment_url;
    } catch {
      tab?.close();
    } finally {
      setPendingAmount(null);
    }
  }

  return (
    <>
      <PageHeader title="Saldo" description="Saldo dipotong per OTP yang berhasil dikirim. Pengiriman yang gagal tidak dipotong." />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <Card>
            <p className="text-sm text-slate-500">Saldo saat ini</p>
            {profile.data ? (
              <p data-testid="balance-saldo" className="mt-1 text-3xl font-semibold tracking-tight">
                {formatRupiah(profile.data.saldo)}
              </p>
            ) : null}
            {profile.isPending ? <Loading label="Memuat saldo…" /> : null}
            {profile.error && !profile.data ? <ErrorNotice message={errorMessage(profile.error)} onRetry={() => profile.refetch()} /> : null}
            <p className="mt-2 text-xs text-slate-500">1 kredit = Rp 1.</p>
          </Card>
          <Card title="Isi saldo">
            <p className="mb-3 text-sm text-slate-600">Pilih paket. Halaman pembayaran (QRIS atau virtual account) terbuka di tab baru dan berlaku 3 jam; biaya admin ditampilkan di sana.</p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
              {TOPUP_AMOUNTS.map((amount) => (
                <Button key={amount} variant="secondary" className="py-3 text-base" busy={pendingAmount === amount} disabled={pendingAmount !== null} onClick={() => buy(amount)}>
                  {formatRupiah(amount)}
                </Button>
              ))}
            </div>
            {create.error ? (
              <div className="mt-3">
                <ErrorNotice message={errorMessage(create.error)} />
              </div>
            ) : null}
          </Card>
        </div>

        <Card title="Riwayat isi saldo">
          {topups.isPending ? <Loading /> : null}
          {topups.error ? <ErrorNotice message={errorMessage(topups.error)} onRetry={() => topups.refetch()} /> : null}
          {topups.data && topups.data.items.length === 0 ? <EmptyState title="Belum ada isi saldo">Pilih paket di atas untuk mengisi saldo.</EmptyState> : null}
          {topups.data && topups.data.items.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-500">
                    <th className="py-2 pr-4 font-medium">ID</th>
                    <th className="py-2 pr-4 font-medium">Dibuat (WIB)</th>
                    <th className="py-2 pr-4 font-medium">Metode</th>
                    <th className="py-2 pr-4 text-right font-medium">Paket</th>
                    <th className="py-2 pr-4 text-right font-medium">Total bayar</th>
                    <th className="py-2 pr-4 font-medium">Status</th>
                    <th className="py-2" />
                  </tr>
                </thead>
                <tbody>
                  {topups.data.items.map((t) => {
                    const status = TOPUP_STATUS[t.status] ?? { label: t.status, tone: "slate" as const };
                    return (
                      <tr key={t.topup_id} data-testid="topup-row" className="border-b border-slate-100 last:border-0">
                        <td className="py-2.5 pr-4 font-mono text-xs">{t.topup_id}</td>
                        <td className="py-2.5 pr-4 whitespace-nowrap">{t.created_at}</td>
                        <td className="py-2.5 pr-4">{t.payment_method}</td>
                        <td className="py-2.5 pr-4 text-right tabular-nums">{formatRupiah(t.amount)}</td>
                        <td className="py-2.5 pr-4 text-right tabular-nums">{formatRupiah(t.payment_total)}</td>
                        <td className="py-2.5 pr-4">
                          <Badge tone={status.tone}>{status.label}</Badge>
                        </td>
                        <td className="py-2.5 text-right">
                          {t.status === "Pending" && t.payment_url ? (
                            <a href={t.payment_url} target="_blank" rel="noopener" className="font-medium text-brand-600 hover:underline">
                              Bayar
                            </a>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          {topups.data ? <Pager pages={topupPages} nextCursor={topups.data.nextCursor} /> : null}
        </Card>

        <Card title="Mutasi saldo">
          {ledger.isPending ? <Loading /> : null}
          {ledger.error ? <ErrorNotice message={errorMessage(ledger.error)} onRetry={() => ledger.refetch()} /> : null}
          {ledger.data && ledger.data.items.length === 0 ? <EmptyState title="Belum ada mutasi">Setiap isi saldo dan biaya OTP tercatat di sini.</EmptyState> : null}
          {ledger.data && ledger.data.items.length > 0 ? (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-slate-200 text-left text-slate-500">
                      <th className="py-2 pr-4 font-medium">Waktu (WIB)</th>
                      <th className="py-2 pr-4 font-medium">Keterangan</th>
                      <th className="py-2 pr-4 font-medium">Referensi</th>
                      <th className="py-2 pr-4 text-right font-medium">Jumlah</th>
                      <th className="py-2 text-right font-medium">Saldo akhir</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.data.items.map((e) => (
                      <tr key={e.id} data-testid="ledger-row" className="border-b border-slate-100 last:border-0">
                        <td className="py-2.5 pr-4 whitespace-nowrap">{e.created_at}</td>
                        <td className="py-2.5 pr-4">
                          {REASONS[e.reason] ?? e.reason}
                          {e.note ? <span className="block text-xs text-slate-500">{e.note}</span> : null}
                        </td>
                        <td className="py-2.5 pr-4 font-mono text-xs">{e.reference ?? "—"}</td>
                        <td className={`py-2.5 pr-4 text-right tabular-nums ${e.amount < 0 ? "text-red-700" : "text-emerald-700"}`}>
                          {e.amount < 0 ? "−" : "+"}
                          {formatRupiah(Math.abs(e.amount))}
                        </td>
                        <td className="py-2.5 text-right tabular-nums">{formatRupiah(e.balance_after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager pages={ledgerPages} nextCursor={ledger.data.nextCursor} />
            </>
          ) : null}
        </Card>
      </div>
    </>
  );
}
