"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { FilterButtons } from "@/components/ui/filter-buttons";
import { Pager } from "@/components/ui/pager";
import { useListFilters } from "@/components/ui/use-list-filters";
import { Badge, Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import type { ApiLogEntryView, ApiLogFilter } from "@/schemas/dashboard/api-log";

type Filters = { status: string; path: string; errorCode: string; requestId: string };
const EMPTY: Filters = { status: "", path: "", errorCode: "", requestId: "" };
const ENDPOINTS = ["/v3/request", "/v3/send", "/v3/verify", "/v3/otp/", "/v3/account", "/v3/topups", "/v3/test/"];
const COLUMNS = [{ label: "Waktu" }, { label: "Permintaan" }, { label: "Status" }, { label: "Latensi", align: "right" as const }, { label: "API key · IP" }, { label: "ID permintaan" }];

function toInput(f: Filters, cursor?: string): ApiLogFilter {
  return {
    status: (f.status || undefined) as ApiLogFilter["status"],
    path: f.path || undefined,
    errorCode: f.errorCode.trim() || undefined,
    requestId: f.requestId.trim() || undefined,
    cursor,
    limit: 25,
  };
}

function StatusCell({ entry }: { entry: ApiLogEntryView }) {
  const tone = entry.status < 300 ? "green" : entry.status < 500 ? "amber" : "red";
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={tone}>{entry.status}</Badge>
      {entry.error_code ? <span className="font-mono text-xs break-all">{entry.error_code}</span> : null}
    </span>
  );
}

export function ApiLogScreen() {
  const trpc = useTRPC();
  const { draft, applied, pages, filtered, apply, reset, set } = useListFilters(EMPTY);
  const list = useQuery({ ...trpc.reports.apiLog.queryOptions(toInput(applied, pages.cursor)), placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader
        title="Catatan API"
        description={`Setiap panggilan /v3 dengan API key Anda: status, kode error, latensi, dan isi request dengan kode OTP serta rahasia disamarkan. Disimpan ${list.data?.retentionDays ?? 14} hari; panggilan baru muncul dalam sekitar satu detik.`}
      />
      <Card className="mb-6">
        <form
          className="grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        >
          <Field label="Hasil">
            <select name="status" value={draft.status} onChange={set("status")} className={inputClass}>
              <option value="">Semua</option>
              <option value="2xx">Berhasil (2xx)</option>
              <option value="4xx">Ditolak (4xx)</option>
              <option value="5xx">Gagal di server (5xx)</option>
            </select>
          </Field>
          <Field label="Endpoint">
            <select name="path" value={draft.path} onChange={set("path")} className={inputClass}>
              <option value="">Semua</option>
              {ENDPOINTS.map((p) => (
                <option key={p} value={p}>
                  {p.endsWith("/") ? `${p}…` : p}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Kode error">
            <input name="errorCode" value={draft.errorCode} onChange={set("errorCode")} placeholder="mis. INSUFFICIENT_BALANCE" className={inputClass} />
          </Field>
          <Field label="ID permintaan">
            <input name="requestId" value={draft.requestId} onChange={set("requestId")} placeholder="Dari header X-Request-Id" className={inputClass} />
          </Field>
          <FilterButtons
            filtered={filtered}
            onReset={reset}
          />
        </form>
      </Card>

      <Card>
        {list.isPending ? <Loading /> : null}
        {list.error ? <ErrorNotice message={errorMessage(list.error)} onRetry={() => list.refetch()} /> : null}
        {list.data && list.data.items.length === 0 ? (
          <EmptyState title={filtered ? "Tidak ada request yang cocok dengan filter" : "Belum ada panggilan API"}>
            {filtered ? "Ubah atau reset filter." : "Panggilan /v3 dengan API key Anda muncul di sini, termasuk yang ditolak."}
          </EmptyState>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <>
            <StackedTable columns={COLUMNS} caption="Catatan API" small>
              {list.data.items.map((e) => (
                <StackedRow key={e.id} data-testid="api-log-row">
                  <StackedCell label="Waktu" className="whitespace-nowrap">
                    {e.time}
                  </StackedCell>
                  <StackedCell label="Request">
                    <span className="font-mono text-xs break-all">
                      {e.method} {e.path}
                    </span>
                    {e.request_body ? (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs text-brand-700">Isi request</summary>
                        <pre className="mt-1 max-w-full overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">{e.request_body}</pre>
                      </details>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="Status">
                    <StatusCell entry={e} />
                    {e.route ? (
                      <span className="block text-xs text-slate-600" data-testid="api-log-route">
                        Rute <span className="font-mono">{e.route}</span>
                        {e.route_reason ? ` · ${e.route_reason}` : null}
                      </span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="Latensi" align="right" className="whitespace-nowrap tabular-nums">
                    {e.latency_ms} ms
                  </StackedCell>
                  <StackedCell label="API key · IP">
                    <span className="font-mono text-xs">{e.key_prefix}…</span>
                    <span className="block text-xs text-slate-600">{e.client_ip ?? "—"}</span>
                  </StackedCell>
                  <StackedCell label="ID permintaan">
                    <span className="font-mono text-xs break-all">{e.request_id}</span>
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
            <Pager pages={pages} nextCursor={list.data.nextCursor} />
          </>
        ) : null}
      </Card>
    </>
  );
}
