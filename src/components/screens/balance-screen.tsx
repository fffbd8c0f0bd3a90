"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LedgerTable } from "@/components/balance/ledger-table";
import { TopupHistory } from "@/components/balance/topup-history";
import { CsvExport } from "@/components/dashboard/csv-export";
import { PriceList } from "@/components/dashboard/price-list";
import { TopupPicker } from "@/components/dashboard/topup-picker";
import { formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Card, EmptyState, ErrorNotice, Loading, PageHeader } from "@/components/ui/primitives";

// A payer settles on another page; polling brings the new status and saldo here without a reload.
const POLL_MS = 10_000;

export function BalanceScreen() {
  const trpc = useTRPC();
  const can = useCan();
  const ledgerPages = useCursorPages();
  const topupPages = useCursorPages();
  // One query, one snapshot: the saldo, the invoice's status and the ledger's credit change together.
  const view = useQuery({
    ...trpc.topups.balance.queryOptions({ topups: { cursor: topupPages.cursor, limit: 10 }, ledger: { cursor: ledgerPages.cursor, limit: 20 } }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
  const data = view.data;
  const profile = useQuery(trpc.account.profile.queryOptions());
  const failed = view.error && !data ? <ErrorNotice message={errorMessage(view.error)} onRetry={() => view.refetch()} /> : null;

  return (
    <>
      <PageHeader title="Saldo" description="Saldo dipotong per OTP yang berhasil dikirim. Pengiriman yang gagal tidak dipotong." />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 xl:grid-cols-[18rem_minmax(0,1fr)] xl:items-start">
          <Card>
            <p className="text-sm text-slate-500">Saldo saat ini</p>
            {data ? (
              <p data-testid="balance-saldo" className="mt-1 text-3xl font-semibold tracking-tight whitespace-nowrap">
                {formatRupiah(data.saldo)}
              </p>
            ) : null}
            {view.isPending ? <Loading label="Memuat saldo…" /> : null}
            {failed}
            <p className="mt-2 text-xs text-slate-500">1 kredit = Rp 1.</p>
          </Card>
          {can("topups.create") ? (
            <Card title="Isi saldo">
              <TopupPicker />
            </Card>
          ) : null}
        </div>

        <Card title="Harga per OTP">
          {profile.data ? <PriceList prices={profile.data.prices} /> : <Loading />}
        </Card>

        <Card title="Riwayat isi saldo">
          {view.isPending ? <Loading /> : null}
          {failed}
          {data && data.topups.items.length === 0 ? <EmptyState title="Belum ada isi saldo">Pilih paket di atas untuk mengisi saldo.</EmptyState> : null}
          {data && data.topups.items.length > 0 ? <TopupHistory items={data.topups.items} /> : null}
          {data ? <Pager pages={topupPages} nextCursor={data.topups.nextCursor} /> : null}
        </Card>

        <Card title="Mutasi saldo">
          {view.isPending ? <Loading /> : null}
          {failed}
          {data && data.ledger.items.length === 0 ? <EmptyState title="Belum ada mutasi">Setiap isi saldo dan biaya OTP tercatat di sini.</EmptyState> : null}
          {data && data.ledger.items.length > 0 ? <LedgerTable items={data.ledger.items} /> : null}
          {data ? <Pager pages={ledgerPages} nextCursor={data.ledger.nextCursor} /> : null}
        </Card>
        <CsvExport kind="ledger" />
      </div>
    </>
  );
}
