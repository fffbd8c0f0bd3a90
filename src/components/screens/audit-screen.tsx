"use client";
// Catatan audit: every change to this account, by whom (a member, an API key or the
// operator), from where, before and after (never a secret); filters and a CSV of the
// filtered rows. Rows are never edited.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { saveCsv } from "@/components/dashboard/csv-export";
import { formatWibText } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Pager, useCursorPages } from "@/components/ui/pager";
import { Button, Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { formatWib } from "@/lib/wib-time";
import { AUDIT_ACTOR_TYPES, type AuditActorType } from "@/schemas/dashboard/members";
import { isKnown, type StoredValue } from "@/schemas/stored-enum";

/** The action families the filter offers; the full list is in the documentation. */
const ACTIONS: { value: string; label: string }[] = [
  { value: "", label: "Semua tindakan" },
  { value: "key.", label: "API key" },
  { value: "webhook.", label: "Webhook" },
  { value: "brand.", label: "Brand" },
  { value: "template.", label: "Template pesan" },
  { value: "allowlist.", label: "Daftar IP" },
  { value: "rate_limit.", label: "Batas laju" },
  { value: "geo.", label: "Izin negara" },
  { value: "fraud", label: "Perlindungan penipuan" },
  { value: "member.", label: "Anggota dan peran" },
  { value: "two_step.", label: "Masuk dua langkah" },
  { value: "password.", label: "Kata sandi" },
  { value: "topup.", label: "Isi saldo" },
];

/**
 * The actor as a person reads it: an API key by the prefix its page shows (sk_live_ab12…),
 * never more of it. A type a later release added is named as stored, beside the actor.
 */
export function actorLabel(row: { actor: string; actor_type: StoredValue<AuditActorType> }): string {
  const type = row.actor_type;
  if (!isKnown(AUDIT_ACTOR_TYPES, type)) return `${row.actor} (${type})`;
  // Every known type has its case: one added to AUDIT_ACTOR_TYPES without it is a type error.
  switch (type) {
    case "member":
      return row.actor;
    case "operator":
      return "Operator Sandi";
    case "api_key":
      return `API key ${row.actor}…`;
  }
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
}

export function AuditScreen() {
  const trpc = useTRPC();
  const [action, setAction] = useState("");
  const [actor, setActor] = useState("");
  const pages = useCursorPages<number>();
  const filter = { action: action || undefined, actor: actor.trim() || undefined };
  const log = useQuery(trpc.members.audit.queryOptions({ ...filter, cursor: pages.cursor }));
  const exporter = useMutation(trpc.members.exportAudit.mutationOptions({ onSuccess: (file) => saveCsv(file.filename, file.csv) }));

  return (
    <>
      <PageHeader title="Catatan audit" description="Setiap perubahan pada akun ini, dari dashboard, API key (/v3/lists, /v3/templates, /v3/topups) maupun operator Sandi. Rahasia (kunci, secret, kata sandi) tidak pernah dicatat." />
      <Card>
        <form className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => e.preventDefault()}>
          <Field label="Tindakan">
            <select value={action} onChange={(e) => (setAction(e.target.value), pages.reset())} className={inputClass} data-testid="audit-action">
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Pelaku">
            <input value={actor} onChange={(e) => (setActor(e.target.value), pages.reset())} placeholder="e-mail, operator atau sk_live_…" maxLength={254} className={inputClass} />
          </Field>
          <Button type="button" variant="secondary" busy={exporter.isPending} onClick={() => exporter.mutate(filter)} className="sm:mb-5">
            Unduh CSV
          </Button>
        </form>
        {exporter.error ? <ErrorNotice message={errorMessage(exporter.error)} /> : null}
        {log.isPending ? <Loading /> : null}
        {log.error ? <ErrorNotice message={errorMessage(log.error)} onRetry={() => log.refetch()} /> : null}
        {log.data && log.data.rows.length === 0 ? <EmptyState title="Belum ada perubahan yang tercatat" /> : null}
        {log.data && log.data.rows.length > 0 ? (
          <StackedTable columns={[{ label: "Waktu" }, { label: "Pelaku" }, { label: "Tindakan" }, { label: "Sasaran" }, { label: "Sebelum → sesudah" }, { label: "Asal" }]} caption="Catatan audit">
            {log.data.rows.map((r) => (
              <StackedRow key={r.id}>
                <StackedCell label="Waktu" className="whitespace-nowrap">
                  {formatWibText(formatWib(new Date(r.at)))}
                </StackedCell>
                {/* Long e-mails and key prefixes may break anywhere (at no less than 9rem), so the table fits its card and the last column (Asal) is not cut off. */}
                <StackedCell label="Pelaku" className="[overflow-wrap:anywhere] sm:min-w-36">
                  {actorLabel(r)}
                </StackedCell>
                <StackedCell label="Tindakan">
                  <code className="font-mono text-xs">{r.action}</code>
                </StackedCell>
                <StackedCell label="Sasaran" className="[overflow-wrap:anywhere] sm:min-w-36">
                  {r.target || "—"}
                </StackedCell>
                <StackedCell label="Sebelum → sesudah">
                  <span className="text-xs">
                    {shown(r.before)} → {shown(r.after)}
                  </span>
                </StackedCell>
                <StackedCell label="Asal">
                  <span className="whitespace-nowrap text-xs text-slate-600" title={r.user_agent ?? undefined}>
                    {r.ip ?? "—"}
                  </span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        ) : null}
        <Pager pages={pages} nextCursor={log.data?.next_cursor} />
      </Card>
    </>
  );
}
