"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TemplateEditor } from "@/components/templates/template-editor";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, EmptyState, ErrorNotice, Loading, PageHeader } from "@/components/ui/primitives";

/** name null: a new template; a name: that template. `opened` changes only when the merchant opens another, so saving a new one keeps its editor (and its notice). */
type Selection = { name: string | null; opened: number };

export function TemplatesScreen() {
  const trpc = useTRPC();
  const list = useQuery(trpc.templates.list.queryOptions());
  const [selected, setSelected] = useState<Selection | null>(null);
  const open = (name: string | null) => setSelected({ name, opened: (selected?.opened ?? 0) + 1 });
  const template = selected?.name ? (list.data?.find((t) => t.name === selected.name) ?? null) : null;

  return (
    <>
      <PageHeader
        title="Template pesan"
        description="Tulis pesan OTP Anda sendiri per channel dan bahasa, lalu pilih dengan field template di POST /v3/request atau /v3/send. Tanpa template, Sandi memakai teks standarnya."
        actions={
          <Button type="button" onClick={() => open(null)}>
            Template baru
          </Button>
        }
      />
      {list.isPending ? <Loading /> : null}
      {list.error ? <ErrorNotice message={errorMessage(list.error)} onRetry={() => list.refetch()} /> : null}
      {list.data ? (
        <div className="flex flex-col gap-6">
          {list.data.length === 0 && !selected ? <EmptyState title="Belum ada template">Buat template pertama Anda dengan tombol Template baru.</EmptyState> : null}
          {list.data.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Daftar template">
              {list.data.map((t) => (
                <li key={t.name}>
                  <button
                    type="button"
                    onClick={() => open(t.name)}
                    className={`rounded-md border px-3 py-1.5 font-mono text-sm ${selected?.name === t.name ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 text-slate-700"}`}
                  >
                    {t.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {selected && (selected.name === null || template || list.isFetching) ? (
            <TemplateEditor
              key={selected.opened}
              template={template}
              onSaved={(name) => setSelected({ name, opened: selected.opened })}
              onDeleted={() => setSelected(null)}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
