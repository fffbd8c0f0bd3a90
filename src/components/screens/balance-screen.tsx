"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import Link from "next/link";
import { CsvExport } from "@/components/dashboard/csv-export";
import { TopupPicker } from "@/components/dashboard/topup-picker";
import { formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Badge, Card, EmptyState, ErrorNotice, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";

// A payer settles on another page; polling brings the new status and saldo here without a reload.
const POLL_MS = 10_000;

const REASONS: Record<string, string> = {
  otp_charge: "Biaya OTP",
  otp_refund: "Pengembalian biaya OTP",
  topup: "Isi saldo",
  manual_credit: "Penambahan oleh operator",
  manual_debit: "Pengurangan oleh operator",
};

const TOPUP_COLUMNS = [
  { label: "Status" },
  { label: "ID" },
  { label: "Dibuat (WIB)" },
  { label: "Metode" },
  { label: "Paket", align: "right" as const },
  { label: "Tindakan", hidden: true },
];
const LEDGER_COLUMNS = [{ label: "Waktu (WIB)" }, { label: "Keterangan" }, { label: "Referensi" }, { label: "Jumlah", align: "right" as const }, { label: "Saldo akhir", align: "right" as const }];

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

  return (
    <>
      <PageHeader title="Saldo" description="Saldo dipotong per OTP yang berhasil dikirim. Pengiriman yang gagal tidak dipotong." />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 xl:grid-cols-[18rem_minmax(0,1fr)] xl:items-start">
          <Card>
            <p className="text-sm text-slate-500">Saldo saat ini</p>
            {profile.data ? (
              <p data-testid="balance-saldo" className="mt-1 text-3xl font-semibold tracking-tight whitespace-nowrap">
                {formatRupiah(profile.data.saldo)}
              </p>
            ) : null}
            {profile.isPending ? <Loading label="Memuat saldo…" /> : null}
            {profile.error && !profile.data ? <ErrorNotice message={errorMessage(profile.error)} onRetry={() => profile.refetch()} /> : null}
            <p className="mt-2 text-xs text-slate-500">1 kredit = Rp 1.</p>
          </Card>
          <Card title="Isi saldo">
            <TopupPicker />
          </Card>
        </div>

        <Card title="Riwayat isi saldo">
          {topups.isPending ? <Loading /> : null}
          {topups.error ? <ErrorNotice message={errorMessage(topups.error)} onRetry={() => topups.refetch()} /> : null}
          {topups.data && topups.data.items.length === 0 ? <EmptyState title="Belum ada isi saldo">Pilih paket di atas untuk mengisi saldo.</EmptyState> : null}
          {topups.data && topups.data.items.length > 0 ? (
            <StackedTable columns={TOPUP_COLUMNS} caption="Riwayat isi saldo">
              {topups.data.items.map((t) => {
                const status = TOPUP_STATUS[t.status] ?? { label: t.status, tone: "slate" as const };
                return (
                  <StackedRow key={t.topup_id} data-testid="topup-row" className="align-top">
                    <StackedCell label="Status">
                      <Badge tone={status.tone}>{status.label}</Badge>
                      {/* Under the status, whose badge is wider than the link: the table keeps fitting its card at 1024 px. */}
                      {t.status === "Paid" ? (
                        <Link href={`/balance/receipts/${t.topup_id}`} className="mt-1 block text-xs font-medium text-brand-600 hover:underline">
                          Kuitansi
                        </Link>
                      ) : null}
                    </StackedCell>
                    <StackedCell label="ID" className="whitespace-nowrap">
                      <span className="font-mono text-xs">{t.topup_id}</span>
                    </StackedCell>
                    <StackedCell label="Dibuat (WIB)">
                      {t.created_at}
                    </StackedCell>
                    <StackedCell label="Metode">{t.payment_method}</StackedCell>
                    <StackedCell label="Paket" align="right" className="whitespace-nowrap tabular-nums">
                      {formatRupiah(t.amount)}
                      <span className="block text-xs text-slate-600">total {formatRupiah(t.payment_total)}</span>
                    </StackedCell>
                    <StackedCell align="right">
                      {t.status === "Pending" && t.payment_url ? (
                        <a href={t.payment_url} target="_blank" rel="noopener" className="font-medium text-brand-600 hover:underline">
                          Bayar
                        </a>
                      ) : null}
                    </StackedCell>
                  </StackedRow>
                );
              })}
            </StackedTable>
          ) : null}
          {topups.data ? <Pager pages={topupPages} nextCursor={topups.data.nextCursor} /> : null}
        </Card>

        <Card title="Mutasi saldo">
          {ledger.isPending ? <Loading /> : null}
          {ledger.error ? <ErrorNotice message={errorMessage(ledger.error)} onRetry={() => ledger.refetch()} /> : null}
          {ledger.data && ledger.data.items.length === 0 ? <EmptyState title="Belum ada mutasi">Setiap isi saldo dan biaya OTP tercatat di sini.</EmptyState> : null}
          {ledger.data && ledger.data.items.length > 0 ? (
            <>
              <StackedTable columns={LEDGER_COLUMNS} caption="Mutasi saldo">
                {ledger.data.items.map((e) => (
                  <StackedRow key={e.id} data-testid="ledger-row" className="align-top">
                    <StackedCell label="Waktu (WIB)">
                      {e.created_at}
                    </StackedCell>
                    <StackedCell label="Keterangan">
                      <span>
                        {REASONS[e.reason] ?? e.reason}
                        {e.note ? <span className="block text-xs text-slate-600">{e.note}</span> : null}
                      </span>
                    </StackedCell>
                    <StackedCell label="Referensi" className="whitespace-nowrap">
                      <span className="font-mono text-xs">{e.reference ?? "—"}</span>
                    </StackedCell>
                    <StackedCell label="Jumlah" align="right" className={`whitespace-nowrap tabular-nums ${e.amount < 0 ? "text-red-700" : "text-emerald-700"}`}>
                      {e.amount < 0 ? "−" : "+"}
                      {formatRupiah(Math.abs(e.amount))}
                    </StackedCell>
                    <StackedCell label="Saldo akhir" align="right" className="whitespace-nowrap tabular-nums">
                      {formatRupiah(e.balance_after)}
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
              <Pager pages={ledgerPages} nextCursor={ledger.data.nextCursor} />
            </>
          ) : null}
        </Card>
        <CsvExport kind="ledger" />
      </div>
    </>
  );
}
