"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/dashboard/use-permissions";
import { CurlExample } from "@/components/dashboard/curl-example";
import { formatWibText } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SecretWithCopy } from "@/components/ui/copy-button";
import { Badge, Button, Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";

const COLUMNS = [{ label: "Kunci" }, { label: "Nama" }, { label: "Status" }, { label: "Dibuat" }, { label: "Terakhir dipakai" }, { label: "Tindakan", hidden: true }];

function when(value: string | null): string {
  return value ? formatWibText(value) : "Belum pernah";
}

export function ApiKeysScreen() {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => {
        setName("");
        return invalidate();
      },
    }),
  );
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: () => { setRevoking(null); return invalidate(); } }));
  const [name, setName] = useState("");
  const [revoking, setRevoking] = useState<{ keyId: string; prefix: string } | null>(null);

  return (
    <>
      <PageHeader title="API key" description="Kunci untuk memanggil /v3 dari server Anda. Kunci lengkap hanya ditampilkan sekali saat dibuat; kami hanya menyimpan sidik jarinya." />
      <div className="flex flex-col gap-6">
        {can("keys.manage") ? (
        <Card title="Buat kunci baru">
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate({ name });
            }}
          >
            <div className="flex-1">
              <Field label="Nama (opsional)" hint="Mis. “Server produksi”, agar mudah dikenali.">
                <input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} className={inputClass} />
              </Field>
            </div>
            <Button type="submit" busy={create.isPending} className="sm:mb-5">
              Buat API key
            </Button>
          </form>
          {create.error ? <ErrorNotice message={errorMessage(create.error)} /> : null}
          {create.data ? (
            <div className="mt-3 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
              <p className="text-sm font-medium text-amber-900">Salin kunci ini sekarang. Setelah halaman ditutup, kunci tidak bisa ditampilkan lagi.</p>
              <SecretWithCopy value={create.data.api_key} testId="created-api-key" className="rounded bg-white px-2 py-1.5" />
              <button type="button" onClick={() => create.reset()} className="self-start text-xs font-medium text-amber-900 underline">
                Sudah saya simpan, sembunyikan
              </button>
            </div>
          ) : null}
        </Card>

        ) : null}

        {can("keys.manage") ? <CurlExample apiKey={create.data?.api_key ?? null} /> : null}

        <Card title="Kunci Anda">
          {keys.isPending ? <Loading /> : null}
          {keys.error ? <ErrorNotice message={errorMessage(keys.error)} onRetry={() => keys.refetch()} /> : null}
          {keys.data && keys.data.length === 0 ? <EmptyState title="Belum ada API key">Buat kunci di atas untuk mulai memanggil API.</EmptyState> : null}
          {keys.data && keys.data.length > 0 ? (
            <StackedTable columns={COLUMNS} caption="API key Anda">
              {keys.data.map((k) => (
                <StackedRow key={k.key_id}>
                  <StackedCell label="Kunci" className="whitespace-nowrap">
                    <span className="font-mono text-xs">{k.prefix}…</span>
                  </StackedCell>
                  <StackedCell label="Nama">{k.name || <span className="text-slate-500">—</span>}</StackedCell>
                  <StackedCell label="Status">{k.revoked_at ? <Badge tone="red">Dicabut</Badge> : <Badge tone="green">Aktif</Badge>}</StackedCell>
                  <StackedCell label="Dibuat">
                    {when(k.created_at)}
                  </StackedCell>
                  <StackedCell label="Terakhir dipakai">
                    {when(k.last_used_at)}
                  </StackedCell>
                  <StackedCell align="right">
                    {k.revoked_at || !can("keys.manage") ? null : (
                      <Button variant="secondary" onClick={() => setRevoking({ keyId: k.key_id, prefix: k.prefix })}>
                        Cabut
                      </Button>
                    )}
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
          ) : null}
        </Card>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title="Cabut API key?"
        body={
          <>
            <p>
              Kunci <code className="font-mono">{revoking?.prefix}…</code> akan langsung ditolak (401) di semua permintaan berikutnya. Tindakan ini tidak bisa
              dibatalkan.
            </p>
            {revoke.error ? <p className="mt-2 text-red-700">{errorMessage(revoke.error)}</p> : null}
          </>
        }
        confirmLabel="Cabut kunci"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ keyId: revoking.keyId })}
      />
    </>
  );
}
