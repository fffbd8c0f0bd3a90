"use client";
// Tim: who can use this account and as what. Owners invite, change roles and remove;
// everyone else sees the list only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/dashboard/use-permissions";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge, Button, Card, ErrorNotice, Field, inputClass, Loading, Notice, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { formatWibText } from "@/components/format";
import { ROLE_LABELS, roleLabel, ROLES, type Role } from "@/schemas/dashboard/members";
import { isKnown } from "@/schemas/stored-enum";

const ROLE_HINTS: Record<Role, string> = {
  owner: "semuanya, termasuk tim",
  developer: "API key, webhook, brand, sandbox, log API",
  finance: "saldo, isi saldo, kuitansi, ekspor",
  viewer: "hanya melihat, tanpa rahasia",
};

export function TeamScreen() {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.members.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("developer");
  const [removing, setRemoving] = useState<{ userId: string; email: string } | null>(null);
  const invite = useMutation(trpc.members.invite.mutationOptions({ onSuccess: () => (setEmail(""), refresh()) }));
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: () => (setRemoving(null), refresh()) }));
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const manage = can("members.manage");

  return (
    <>
      <PageHeader title="Tim" description="Setiap anggota masuk dengan e-mail dan kata sandinya sendiri. Peran menentukan apa yang boleh dilakukan di akun ini." />
      <div className="flex flex-col gap-6">
        {manage ? (
          <Card title="Undang anggota">
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                invite.mutate({ email, role });
              }}
            >
              <div className="flex-1">
                <Field label="E-mail" hint="Tautan undangan berlaku 7 hari dan hanya dapat dipakai sekali.">
                  <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} className={inputClass} data-testid="invite-email" />
                </Field>
              </div>
              <Field label="Peran" hint={ROLE_HINTS[role]}>
                <select value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClass} data-testid="invite-role">
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              </Field>
              <Button type="submit" busy={invite.isPending} className="sm:mb-5">
                Kirim undangan
              </Button>
            </form>
            {invite.error ? <ErrorNotice message={errorMessage(invite.error)} /> : null}
            {invite.data ? <Notice tone="success">{invite.data.message}</Notice> : null}
          </Card>
        ) : null}

        <Card title="Anggota">
          {team.isPending ? <Loading /> : null}
          {team.error ? <ErrorNotice message={errorMessage(team.error)} onRetry={() => team.refetch()} /> : null}
          {changeRole.error ? <ErrorNotice message={errorMessage(changeRole.error)} /> : null}
          {team.data ? (
            <StackedTable columns={[{ label: "Anggota" }, { label: "Peran" }, { label: "Masuk dua langkah" }, { label: "Bergabung" }, { label: "Tindakan", hidden: true }]} caption="Anggota akun ini">
              {team.data.members.map((m) => (
                <StackedRow key={m.user_id}>
                  <StackedCell label="Anggota">
                    <span className="font-medium">{m.name || m.email}</span>
                    {m.you ? <span className="ml-1.5"><Badge tone="blue">Anda</Badge></span> : null}
                    <span className="block text-xs text-slate-500">{m.email}</span>
                  </StackedCell>
                  <StackedCell label="Peran">
                    {manage ? (
                      <select
                        aria-label={`Peran ${m.email}`}
                        value={m.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => changeRole.mutate({ userId: m.user_id, role: e.target.value as Role })}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                      >
                        {/* A role a later release added: shown as stored, not as the first option; the owner may still pick a known one. */}
                        {isKnown(ROLES, m.role) ? null : (
                          <option value={m.role} disabled>
                            {m.role}
                          </option>
                        )}
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleLabel(m.role)
                    )}
                  </StackedCell>
                  <StackedCell label="Masuk dua langkah">{m.two_step ? <Badge tone="green">Aktif</Badge> : <Badge>Mati</Badge>}</StackedCell>
                  <StackedCell label="Bergabung">{formatWibText(m.joined_at)}</StackedCell>
                  <StackedCell align="right">
                    {manage ? (
                      <Button variant="secondary" onClick={() => setRemoving({ userId: m.user_id, email: m.email })}>
                        Keluarkan
                      </Button>
                    ) : null}
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
          ) : null}
        </Card>

        {team.data && team.data.invitations.length > 0 ? (
          <Card title="Undangan terbuka">
            <ul className="flex flex-col gap-2 text-sm">
              {team.data.invitations.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-3">
                  <span>
                    {i.email} · {roleLabel(i.role)} · berlaku sampai {formatWibText(i.expires_at)}
                  </span>
                  {manage ? (
                    <Button variant="secondary" busy={revoke.isPending} onClick={() => revoke.mutate({ invitationId: i.id })}>
                      Batalkan
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Keluarkan anggota?"
        body={
          <>
            <p>{removing?.email} langsung kehilangan akses ke akun ini; sesi yang sedang terbuka berakhir pada permintaan berikutnya.</p>
            {remove.error ? <p className="mt-2 text-red-700">{errorMessage(remove.error)}</p> : null}
          </>
        }
        confirmLabel="Keluarkan"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ userId: removing.userId })}
      />
    </>
  );
}
