"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CreditsHint } from "@/components/dashboard/credits-hint";
import { CsvExport } from "@/components/dashboard/csv-export";
import { OtpStatusBadge } from "@/components/dashboard/status-badge";
import { CHANNEL_LABELS, formatRupiah, formatWibText, OTP_STATUS_LABELS } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { FilterButtons } from "@/components/ui/filter-buttons";
import { Pager } from "@/components/ui/pager";
import { useListFilters } from "@/components/ui/use-list-filters";
import { Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { DATE_ORDER_MESSAGE, datesInOrder, type TransactionFilter } from "@/schemas/dashboard/transactions";

type Filters = { channel: string; status: string; from: string; to: string; destination: string };
const EMPTY: Filters = { channel: "", status: "", from: "", to: "", destination: "" };
const COLUMNS = [{ label: "OTP ID" }, { label: "Waktu" }, { label: "Channel" }, { label: "Tujuan" }, { label: "Status" }, { label: "Biaya", align: "right" as const }];

function toInput(f: Filters, cursor?: string): TransactionFilter {
  return {
    channel: (f.channel || undefined) as TransactionFilter["channel"],
    status: (f.status || undefined) as TransactionFilter["status"],
    from: f.from || undefined,
    to: f.to || undefined,
    destination: f.destination.trim() || undefined,
    cursor,
    limit: 25,
  };
}

export function TransactionsScreen() {
  const trpc = useTRPC();
  const { draft, applied, pages, filtered, apply, reset, set } = useListFilters(EMPTY);
  const list = useQuery({ ...trpc.reports.transactions.queryOptions(toInput(applied, pages.cursor)), placeholderData: keepPreviousData });
  const dateError = datesInOrder(draft.from || undefined, draft.to || undefined) ? undefined : DATE_ORDER_MESSAGE;

  return (
    <>
      <PageHeader title="Transaksi" description="Semua OTP yang dibuat dengan API key Anda. Kode OTP tidak pernah ditampilkan di sini." />
      <Card className="mb-6">
        <form
          className="grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-3 2xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            if (!dateError) apply(draft);
          }}
        >
          <Field label="Channel">
            <select name="channel" value={draft.channel} onChange={set("channel")} className={inputClass}>
              <option value="">Semua</option>
              {Object.entries(CHANNEL_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select name="status" value={draft.status} onChange={set("status")} className={inputClass}>
              <option value="">Semua</option>
              {Object.entries(OTP_STATUS_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Dari tanggal">
            <input type="date" name="from" value={draft.from} onChange={set("from")} className={inputClass} />
          </Field>
          <Field label="Sampai tanggal" error={dateError}>
            <input type="date" name="to" value={draft.to} onChange={set("to")} className={inputClass} />
          </Field>
          <Field label="Tujuan">
            <input name="destination" value={draft.destination} onChange={set("destination")} placeholder="Nomor atau e-mail" className={inputClass} />
          </Field>
          <FilterButtons
            filtered={filtered} disabled={Boolean(dateError)}
            onReset={reset}
          />
        </form>
      </Card>

      <Card>
        {list.isPending ? <Loading /> : null}
        {list.error ? <ErrorNotice message={errorMessage(list.error)} onRetry={() => list.refetch()} /> : null}
        {list.data && list.data.items.length === 0 ? (
          <EmptyState title={filtered ? "Tidak ada transaksi yang cocok dengan filter" : "Belum ada transaksi"}>
            {filtered ? (
              "Ubah atau reset filter."
            ) : (
              <>
                <p>Kirim OTP pertama Anda dengan POST /v3/request; hasilnya muncul di sini.</p>
                <p className="mx-auto mt-2 max-w-xl">
                  <CreditsHint />
                </p>
              </>
            )}
          </EmptyState>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <>
            <StackedTable columns={COLUMNS} caption="Transaksi OTP">
              {list.data.items.map((t) => (
                <StackedRow key={t.otp_id} className="hover:bg-slate-50">
                  <StackedCell label="OTP ID">
                    <Link href={`/transactions/${t.otp_id}`} className="font-mono text-xs whitespace-nowrap text-brand-600 hover:underline">
                      {t.otp_id}
                    </Link>
                  </StackedCell>
                  <StackedCell label="Waktu">
                    {formatWibText(t.created_at)}
                  </StackedCell>
                  <StackedCell label="Channel">{CHANNEL_LABELS[t.channel] ?? t.channel}</StackedCell>
                  <StackedCell label="Tujuan">
                    {t.destination ? (
                      <span className="block max-w-56 truncate whitespace-nowrap" title={t.destination}>
                        {t.destination}
                      </span>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </StackedCell>
                  <StackedCell label="Status">
                    <OtpStatusBadge status={t.status} expired={t.expired} locked={t.locked} />
                  </StackedCell>
                  <StackedCell label="Biaya" align="right" className="whitespace-nowrap tabular-nums">
                    {t.charged ? formatRupiah(t.price) : <span className="text-slate-600">Rp 0</span>}
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
            <Pager pages={pages} nextCursor={list.data.nextCursor} />
          </>
        ) : null}
      </Card>
      <div className="mt-6">
        <CsvExport kind="transactions" />
      </div>
    </>
  );
}
