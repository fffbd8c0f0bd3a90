"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { OtpStatusBadge } from "@/components/dashboard/status-badge";
import { CHANNEL_LABELS, formatRupiah, OTP_STATUS_LABELS } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Button, Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import type { TransactionFilter } from "@/schemas/dashboard/transactions";

type Filters = { channel: string; status: string; from: string; to: string; destination: string };
const EMPTY: Filters = { channel: "", status: "", from: "", to: "", destination: "" };

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
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const pages = useCursorPages();
  const list = useQuery({ ...trpc.reports.transactions.queryOptions(toInput(applied, pages.cursor)), placeholderData: keepPreviousData });
  const filtered = Object.values(applied).some(Boolean);

  function apply(next: Filters) {
    setApplied(next);
    pages.reset();
  }

  const set = (key: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <>
      <PageHeader title="Transaksi" description="Semua OTP yang dibuat dengan API key Anda. Kode OTP tidak pernah ditampilkan di sini." />
      <Card className="mb-6">
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
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
          <Field label="Sampai tanggal">
            <input type="date" name="to" value={draft.to} onChange={set("to")} className={inputClass} />
          </Field>
          <Field label="Tujuan">
            <input name="destination" value={draft.destination} onChange={set("destination")} placeholder="Nomor atau e-mail" className={inputClass} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit">Terapkan</Button>
            {filtered ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setDraft(EMPTY);
                  apply(EMPTY);
                }}
              >
                Reset
              </Button>
            ) : null}
          </div>
        </form>
      </Card>

      <Card>
        {list.isPending ? <Loading /> : null}
        {list.error ? <ErrorNotice message={errorMessage(list.error)} onRetry={() => list.refetch()} /> : null}
        {list.data && list.data.items.length === 0 ? (
          <EmptyState title={filtered ? "Tidak ada transaksi yang cocok dengan filter" : "Belum ada transaksi"}>
            {filtered ? "Ubah atau reset filter." : "Kirim OTP pertama Anda dengan POST /v3/request; hasilnya muncul di sini."}
          </EmptyState>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-500">
                    <th className="py-2 pr-4 font-medium">OTP ID</th>
                    <th className="py-2 pr-4 font-medium">Waktu (WIB)</th>
                    <th className="py-2 pr-4 font-medium">Channel</th>
                    <th className="py-2 pr-4 font-medium">Tujuan</th>
                    <th className="py-2 pr-4 font-medium">Status</th>
                    <th className="py-2 text-right font-medium">Biaya</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((t) => (
                    <tr key={t.otp_id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                      <td className="py-2.5 pr-4">
                        <Link href={`/transactions/${t.otp_id}`} className="font-mono text-xs text-brand-600 hover:underline">
                          {t.otp_id}
                        </Link>
                      </td>
                      <td className="py-2.5 pr-4 whitespace-nowrap">{t.created_at}</td>
                      <td className="py-2.5 pr-4">{CHANNEL_LABELS[t.channel] ?? t.channel}</td>
                      <td className="py-2.5 pr-4 break-all">{t.destination ?? <span className="text-slate-400">—</span>}</td>
                      <td className="py-2.5 pr-4">
                        <OtpStatusBadge status={t.status} expired={t.expired} />
                      </td>
                      <td className="py-2.5 text-right tabular-nums">{t.charged ? formatRupiah(t.price) : <span className="text-slate-400">Rp 0</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager pages={pages} nextCursor={list.data.nextCursor} />
          </>
        ) : null}
      </Card>
    </>
  );
}
