"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCan } from "@/components/dashboard/use-permissions";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Field, inputClass, Loading } from "@/components/ui/primitives";
import type { FraudListName } from "@/schemas/fraud-lists";
import { wibTextLong } from "@/lib/wib-time";

const TEXT: Record<FraudListName, { title: string; hint: string; empty: string }> = {
  safe: {
    title: "Daftar aman",
    hint: "Nomor di sini selalu dikirimi OTP: tidak diperiksa fraud guard maupun izin negara. Batas per nomor dan saldo tetap berlaku.",
    empty: "Belum ada nomor di daftar aman.",
  },
  block: {
    title: "Daftar blokir",
    hint: "Nomor di sini tidak pernah dikirimi OTP: ditolak dengan 403 FRAUD_BLOCKED (alasan blocklist), tanpa potongan saldo.",
    empty: "Belum ada nomor di daftar blokir.",
  },
};

/** One list of the world the dashboard shows: add a number or a prefix ending in *, remove an entry (`editable`: the role may change lists). */
function ListSection({ list, editable }: { list: FraudListName; editable: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.fraud.list.queryOptions({ list }));
  const [value, setValue] = useState("");
  // Adding to one list takes the value off the other: both are refreshed.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.fraud.list.queryKey() });
  const add = useMutation(trpc.fraud.addListEntry.mutationOptions({ onSuccess: async () => (setValue(""), refresh()) }));
  const remove = useMutation(trpc.fraud.removeListEntry.mutationOptions({ onSuccess: refresh }));
  const text = TEXT[list];

  return (
    <section className="flex flex-col gap-3" data-testid={`fraud-list-${list}`}>
      <h3 className="text-sm font-semibold">{text.title}</h3>
      <p className="text-sm text-slate-600">{text.hint}</p>
      {editable ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ list, value });
          }}
        >
          <div className="flex-1">
            <Field label="Nomor atau prefix">
              <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="mis. 62812345*" className={inputClass} data-testid={`fraud-list-${list}-input`} />
            </Field>
          </div>
          <Button type="submit" busy={add.isPending} data-testid={`fraud-list-${list}-add`}>
            Tambah
          </Button>
        </form>
      ) : null}
      {add.error ? <ErrorNotice message={errorMessage(add.error)} /> : null}
      {remove.error ? <ErrorNotice message={errorMessage(remove.error)} /> : null}
      {entries.isPending ? <Loading /> : null}
      {entries.error ? <ErrorNotice message={errorMessage(entries.error)} onRetry={() => entries.refetch()} /> : null}
      {entries.data && entries.data.length === 0 ? <p className="text-sm text-slate-600">{text.empty}</p> : null}
      {entries.data && entries.data.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {entries.data.map((entry) => (
            <li key={entry.value} className="flex items-center justify-between gap-2 rounded bg-slate-100 px-2 py-1 text-sm" data-testid={`fraud-list-${list}-entry`}>
              <span className="font-mono">{entry.value}</span>
              <span className="ml-auto text-xs text-slate-500">{wibTextLong(entry.created_at)}</span>
              {editable ? (
                <Button variant="secondary" onClick={() => remove.mutate({ list, value: entry.value })} aria-label={`Hapus ${entry.value} dari ${text.title.toLowerCase()}`}>
                  Hapus
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The merchant's safe list and block list (numbers and prefixes), next to the block log. */
export function FraudListsCard() {
  const editable = useCan()("security.manage");
  return (
    <Card title="Daftar aman dan daftar blokir" className="lg:col-span-2">
      <div className="grid gap-6 sm:grid-cols-2">
        <ListSection list="safe" editable={editable} />
        <ListSection list="block" editable={editable} />
      </div>
    </Card>
  );
}
