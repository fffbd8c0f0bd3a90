"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { PendingInbound } from "@/components/dashboard/pending-inbound";
import { CHANNEL_LABELS, formatWibText } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Badge, Button, Card, EmptyState, ErrorNotice, Loading, Notice, PageHeader } from "@/components/ui/primitives";

export function SandboxScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  // The newest page follows new messages; older pages stay put while read.
  const inbox = useQuery({ ...trpc.reports.sandboxInbox.queryOptions({ cursor: pages.cursor, limit: 25 }), placeholderData: keepPreviousData, refetchInterval: pages.isFirst ? 5000 : false });

  return (
    <>
      <PageHeader
        title="Kotak masuk sandbox"
        description="Pesan yang “dikirim” oleh penyedia sandbox untuk akun Anda, terbaru di atas. Karena tidak ada pesan yang benar-benar keluar, kodenya ditampilkan di sini untuk pengujian."
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              void inbox.refetch();
              void queryClient.invalidateQueries({ queryKey: trpc.reports.pendingInbound.queryKey() });
            }}
            busy={inbox.isFetching && !inbox.isPending}
          >
            Muat ulang
          </Button>
        }
      />
      <div className="mb-4">
        <Notice tone="warning">Mode sandbox: nomor berakhiran 0000 dan e-mail dengan nama lokal “fail” selalu gagal terkirim dan tidak dipotong.</Notice>
      </div>
      <PendingInbound />
      <Card>
        {inbox.isPending ? <Loading /> : null}
        {inbox.error ? <ErrorNotice message={errorMessage(inbox.error)} onRetry={() => inbox.refetch()} /> : null}
        {inbox.data && inbox.data.items.length === 0 ? (
          <EmptyState title="Kotak masuk kosong">Kirim OTP lewat API dengan key Anda; pesannya muncul di sini dalam beberapa detik.</EmptyState>
        ) : null}
        {inbox.data && inbox.data.items.length > 0 ? (
          <>
            <ul className="flex flex-col divide-y divide-slate-100">
              {inbox.data.items.map((m) => (
                <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="sandbox-message">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <Badge tone="blue">{CHANNEL_LABELS[m.channel] ?? m.channel}</Badge>
                      <span>{formatWibText(m.sent_at)}</span>
                      <span className="whitespace-nowrap">→ {m.destination ?? "—"}</span>
                      {m.delivered ? null : <Badge tone="red">Gagal terkirim</Badge>}
                    </div>
                    <p className="mt-1.5 text-sm break-words whitespace-pre-wrap">{m.text}</p>
                    <Link href={`/transactions/${m.otp_id}`} className="mt-1 inline-block font-mono text-xs text-brand-600 hover:underline">
                      {m.otp_id}
                    </Link>
                    {m.caller ? <p className="mt-1 text-xs text-slate-500">Nomor penelepon: {m.caller}</p> : null}
                  </div>
                  <div className="shrink-0 text-left sm:text-right">
                    <p className="text-xs text-slate-500">Kode</p>
                    <p className="font-mono text-xl font-semibold tracking-widest" data-testid="sandbox-code">
                      {m.code}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <Pager pages={pages} nextCursor={inbox.data.nextCursor} />
          </>
        ) : null}
      </Card>
    </>
  );
}
