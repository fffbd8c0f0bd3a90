"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Badge, Button, Card, EmptyState, ErrorNotice, Loading } from "@/components/ui/primitives";

const DELIVERY_STATUS = {
  pending: { label: "Menunggu / mencoba ulang", tone: "amber" },
  succeeded: { label: "Berhasil", tone: "green" },
  failed: { label: "Gagal", tone: "red" },
} as const;

export function WebhookEventLog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pages = useCursorPages<number>();
  // The newest page follows deliveries and retries as they happen; older pages stay put while read.
  const events = useQuery({ ...trpc.webhooks.events.queryOptions({ limit: 20, cursor: pages.cursor }), placeholderData: keepPreviousData, refetchInterval: pages.isFirst ? 3000 : false });
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.events.queryKey() }) }));

  return (
    <Card title="Log pengiriman">
      {events.isPending ? <Loading /> : null}
      {events.error ? <ErrorNotice message={errorMessage(events.error)} onRetry={() => events.refetch()} /> : null}
      {resend.error ? <ErrorNotice message={errorMessage(resend.error)} /> : null}
      {events.data && events.data.items.length === 0 ? (
        <EmptyState title="Belum ada event">Event muncul di sini saat OTP terverifikasi atau saat Anda mengirim event uji.</EmptyState>
      ) : null}
      {events.data && events.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {events.data.items.map((event) => (
            <li key={event.event_id} data-testid="webhook-event" className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium">
                    {event.type} <span className="font-mono text-xs text-slate-500">{event.event_id}</span>
                  </p>
                  <p className="text-xs text-slate-500">{event.created_at} WIB</p>
                </div>
                <Button variant="secondary" busy={resend.isPending && resend.variables?.eventId === event.event_id} onClick={() => resend.mutate({ eventId: event.event_id })}>
                  Kirim ulang
                </Button>
              </div>
              {event.deliveries.length === 0 ? <p className="mt-2 text-sm text-slate-500">Tidak dikirim: belum ada URL webhook aktif saat event dibuat.</p> : null}
              {event.deliveries.map((delivery) => {
                const status = DELIVERY_STATUS[delivery.status as keyof typeof DELIVERY_STATUS] ?? { label: delivery.status, tone: "slate" as const };
                return (
                  <div key={delivery.id} className="mt-3 rounded-md bg-slate-50 p-3">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Badge tone={status.tone}>{status.label}</Badge>
                      <span className="break-all text-slate-600">{delivery.url}</span>
                      {delivery.status === "pending" && delivery.next_attempt_at ? <span className="text-xs text-slate-500">percobaan berikutnya {delivery.next_attempt_at} WIB</span> : null}
                    </div>
                    {delivery.attempts.length > 0 ? (
                      <div className="mt-2 overflow-x-auto">
                        <table className="w-full text-xs">
                          <thead>
                            <tr className="text-left text-slate-500">
                              <th className="py-1 pr-3 font-medium">#</th>
                              <th className="py-1 pr-3 font-medium">Waktu (WIB)</th>
                              <th className="py-1 pr-3 font-medium">HTTP</th>
                              <th className="py-1 pr-3 font-medium">Durasi</th>
                              <th className="py-1 pr-3 font-medium">Keterangan</th>
                              <th className="py-1 font-medium">Respons</th>
                            </tr>
                          </thead>
                          <tbody>
                            {delivery.attempts.map((a) => (
                              <tr key={a.attempt_number} className="border-t border-slate-200">
                                <td className="py-1 pr-3">{a.attempt_number}</td>
                                <td className="py-1 pr-3 whitespace-nowrap">{a.started_at}</td>
                                <td className="py-1 pr-3" data-testid="webhook-attempt-status">
                                  {a.status_code ?? "—"}
                                </td>
                                <td className="py-1 pr-3">{a.latency_ms !== null ? `${a.latency_ms} ms` : "—"}</td>
                                <td className="py-1 pr-3 break-all text-slate-600">{a.error ?? (a.status_code && a.status_code < 300 ? "OK" : "")}</td>
                                <td className="py-1 text-slate-600" data-testid="webhook-attempt-body">
                                  {a.response_body ? <code className="line-clamp-3 max-w-xs break-all font-mono" title={a.response_body}>{a.response_body}</code> : "—"}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : (
                      <p className="mt-2 text-xs text-slate-500">Belum ada percobaan.</p>
                    )}
                  </div>
                );
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {events.data ? <Pager pages={pages} nextCursor={events.data.nextCursor} /> : null}
    </Card>
  );
}
