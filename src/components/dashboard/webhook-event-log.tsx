"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import Link from "next/link";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { formatWibText } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Badge, Button, Card, EmptyState, ErrorNotice, Loading, Notice } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";

const ATTEMPT_COLUMNS = [{ label: "#" }, { label: "Waktu" }, { label: "HTTP" }, { label: "Durasi" }, { label: "Keterangan" }, { label: "Respons" }];

export const WEBHOOK_DELIVERY_STATUS = {
  pending: { label: "Menunggu / mencoba ulang", tone: "amber" },
  succeeded: { label: "Berhasil", tone: "green" },
  failed: { label: "Gagal", tone: "red" },
} as const;

/** The last attempt's request as sent, for comparing with what the merchant's server logged. */
function SentRequest({ headers, body }: { headers: Record<string, string>; body: string }) {
  return (
    <details className="mt-2 text-xs" data-testid="webhook-request">
      <summary className="cursor-pointer font-medium text-slate-700">Permintaan yang dikirim</summary>
      <pre className="mt-2 overflow-x-auto rounded bg-white p-2 font-mono text-slate-700">
        {Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join("\n")}
        {"\n\n"}
        {body}
      </pre>
    </details>
  );
}

/** What became of a test event just sent, read from its delivery in the log (the same query as the log's first page). */
export function TestEventOutcome({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const events = useQuery({ ...trpc.webhooks.events.queryOptions({ limit: 20 }), refetchInterval: 3000 });
  const event = events.data?.items.find((e) => e.event_id === eventId);
  const original = event?.deliveries[event.deliveries.length - 1];
  const last = original?.attempts[original.attempts.length - 1];
  let notice: { tone: "info" | "success" | "warning"; text: string };
  if (!last) notice = { tone: "info", text: "Event uji sedang dikirim; hasilnya muncul di sini dan di log di bawah." };
  else if (original.status === "succeeded") notice = { tone: "success", text: `Event uji dikirim. Endpoint menjawab HTTP ${last.status_code}.` };
  else notice = { tone: "warning", text: `Event uji gagal: ${last.error ?? `HTTP ${last.status_code}`}. Event uji tidak dicoba ulang; perbaiki endpoint lalu kirim lagi.` };
  return (
    <div role="status" data-testid="webhook-test-outcome">
      <Notice tone={notice.tone}>{notice.text}</Notice>
    </div>
  );
}

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/**
 * The event a link points at (/webhooks#evt_…, from a transaction's detail): scrolled
 * to once it has loaded. Read at each render, as the router sets the URL after the first one.
 */
function useLinkedEvent(loadedIds: string[] | undefined): string {
  const linked = useSyncExternalStore(subscribeToHash, () => decodeURIComponent(window.location.hash.slice(1)), () => "");
  const scrolled = useRef("");
  useEffect(() => {
    if (!linked || scrolled.current === linked || !loadedIds?.includes(linked)) return;
    scrolled.current = linked;
    document.getElementById(linked)?.scrollIntoView({ block: "start" });
  }, [linked, loadedIds]);
  return linked;
}

/** The log, newest first; with `otpId`, only that OTP's events (so a linked event is always on the first page). */
export function WebhookEventLog({ otpId }: { otpId?: string }) {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const pages = useCursorPages<number>();
  // The newest page follows deliveries and retries as they happen; older pages stay put while read.
  const events = useQuery({
    ...trpc.webhooks.events.queryOptions({ limit: 20, cursor: pages.cursor, ...(otpId ? { otpId } : {}) }),
    placeholderData: keepPreviousData,
    refetchInterval: pages.isFirst ? 3000 : false,
  });
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.events.queryKey() }) }));
  const linked = useLinkedEvent(events.data?.items.map((e) => e.event_id));

  return (
    <Card title="Log pengiriman">
      {otpId ? (
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="webhook-log-filter">
          <span>
            Hanya event untuk OTP <span className="font-mono wrap-anywhere">{otpId}</span>
          </span>
          <Link href="/webhooks" className="text-brand-600 hover:underline">
            Tampilkan semua event
          </Link>
        </div>
      ) : null}
      {events.isPending ? <Loading /> : null}
      {events.error ? <ErrorNotice message={errorMessage(events.error)} onRetry={() => events.refetch()} /> : null}
      {resend.error ? <ErrorNotice message={errorMessage(resend.error)} /> : null}
      {events.data && events.data.items.length === 0 ? (
        otpId ? (
          <EmptyState title="Belum ada event untuk OTP ini">Event OTP ini muncul di sini setelah tercatat; hanya tipe event yang Anda pilih yang dicatat.</EmptyState>
        ) : (
          <EmptyState title="Belum ada event">Event muncul di sini saat OTP terverifikasi, saat terjadi event lain yang Anda pilih, atau saat Anda mengirim event uji.</EmptyState>
        )
      ) : null}
      {events.data && events.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {events.data.items.map((event) => (
            <li
              key={event.event_id}
              id={event.event_id}
              data-testid="webhook-event"
              aria-current={event.event_id === linked ? "true" : undefined}
              className={`scroll-mt-4 rounded-lg border p-4 ${event.event_id === linked ? "border-brand-500 ring-2 ring-brand-100" : "border-slate-200"}`}
            >
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {event.type}
                    {event.test ? <Badge tone="blue">Event uji</Badge> : null}
                    <span className="font-mono text-xs font-normal text-slate-500 wrap-anywhere">{event.event_id}</span>
                  </p>
                  {event.otp_id ? (
                    <p className="text-xs text-slate-600">
                      OTP{" "}
                      <Link href={`/transactions/${event.otp_id}`} className="font-mono text-brand-600 hover:underline" data-testid="webhook-event-otp">
                        {event.otp_id}
                      </Link>
                    </p>
                  ) : null}
                  <p className="text-xs text-slate-500">{formatWibText(event.created_at)}</p>
                </div>
                {can("webhooks.manage") ? (
                  <Button variant="secondary" busy={resend.isPending && resend.variables?.eventId === event.event_id} onClick={() => resend.mutate({ eventId: event.event_id })}>
                    Kirim ulang
                  </Button>
                ) : null}
              </div>
              {event.deliveries.length === 0 ? <p className="mt-2 text-sm text-slate-500">Tidak dikirim: belum ada URL webhook aktif saat event dibuat.</p> : null}
              {event.deliveries.map((delivery) => {
                const status = WEBHOOK_DELIVERY_STATUS[delivery.status as keyof typeof WEBHOOK_DELIVERY_STATUS] ?? { label: delivery.status, tone: "slate" as const };
                return (
                  <div key={delivery.id} className="mt-3 rounded-md bg-slate-50 p-3">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Badge tone={status.tone}>{status.label}</Badge>
                      {delivery.resend ? <Badge tone="slate">Kirim ulang</Badge> : null}
                      <span className="break-all text-slate-600">{delivery.url}</span>
                      {delivery.status === "pending" && delivery.next_attempt_at ? <span className="text-xs text-slate-500">percobaan berikutnya {formatWibText(delivery.next_attempt_at)}</span> : null}
                    </div>
                    {delivery.attempts.length > 0 ? (
                      <div className="mt-2">
                        <StackedTable columns={ATTEMPT_COLUMNS} caption="Percobaan pengiriman" small>
                          {delivery.attempts.map((a) => (
                            <StackedRow key={a.attempt_number} className="align-top">
                              <StackedCell label="#">{a.attempt_number}</StackedCell>
                              <StackedCell label="Waktu">
                                {formatWibText(a.started_at)}
                              </StackedCell>
                              <StackedCell label="HTTP" data-testid="webhook-attempt-status">
                                {a.status_code ?? "—"}
                              </StackedCell>
                              <StackedCell label="Durasi" className="whitespace-nowrap">
                                {a.latency_ms !== null ? `${a.latency_ms} ms` : "—"}
                              </StackedCell>
                              <StackedCell label="Keterangan" prose className="text-slate-600">
                                <span className="wrap-anywhere">{a.error ?? (a.status_code && a.status_code < 300 ? "OK" : "")}</span>
                              </StackedCell>
                              <StackedCell label="Respons" prose className="text-slate-600" data-testid="webhook-attempt-body">
                                {a.response_body ? (
                                  <code className="line-clamp-3 max-w-xs font-mono wrap-anywhere" title={a.response_body}>
                                    {a.response_body}
                                  </code>
                                ) : (
                                  "—"
                                )}
                              </StackedCell>
                            </StackedRow>
                          ))}
                        </StackedTable>
                        <SentRequest headers={delivery.attempts[delivery.attempts.length - 1].request_headers} body={event.request_body} />
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
