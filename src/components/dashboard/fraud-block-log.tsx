"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactElement } from "react";
import { CHANNEL_LABELS, formatNumber } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge, Button, Card, ErrorNotice, Loading } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { wibTextLong } from "@/lib/wib-time";
import { FRAUD_BLOCK_REASONS, type FraudBlockRow } from "@/schemas/fraud";
import { entryFor, isKnown } from "@/schemas/stored-enum";

const REASONS: Record<(typeof FRAUD_BLOCK_REASONS)[number], { label: string; why: string }> = {
  geo: { label: "Negara tidak diizinkan", why: "Nomor tujuan di luar izin negara channel ini." },
  blocklist: { label: "Daftar blokir", why: "Nomor tujuan ada di daftar blokir Anda." },
  prefix_spike: { label: "Lonjakan prefix", why: "Banyak OTP ke nomor baru dengan prefix ini yang tidak diverifikasi." },
  verified_nothing: { label: "Tidak ada yang diverifikasi", why: "Banyak nomor dengan prefix ini menerima OTP, tidak satu pun diverifikasi, padahal prefix lain diverifikasi." },
  signal_velocity: { label: "Satu pengguna, banyak nomor", why: "Satu IP atau perangkat pengguna meminta OTP ke banyak nomor berbeda." },
};

/** A rule a later release added: its name as stored, and no explanation this release could give. */
export const reasonText = (row: FraudBlockRow) => entryFor(REASONS, row.reason) ?? { label: row.reason, why: "" };

const COLUMNS = [{ label: "Mulai" }, { label: "Alasan" }, { label: "Prefix" }, { label: "Rincian" }, { label: "Status" }];

/**
 * Geo and block-list refusals are rules, not blocks that run out: they read as refused,
 * never as over; so does a rule a later release added, whose meaning this one does not know.
 * The switch names every known reason (a new one without its case is a type error).
 */
export function blockStatus(row: FraudBlockRow): ReactElement {
  const reason = row.reason;
  if (!isKnown(FRAUD_BLOCK_REASONS, reason)) return <Badge tone="slate">Ditolak</Badge>;
  switch (reason) {
    case "geo":
      return <Badge tone="amber">Ditolak izin negara</Badge>;
    case "blocklist":
      return <Badge tone="amber">Ditolak daftar blokir</Badge>;
    case "prefix_spike":
    case "verified_nothing":
    case "signal_velocity":
      if (row.unblocked_at) return <Badge tone="slate">Dibuka {wibTextLong(row.unblocked_at)}</Badge>;
      if (row.active) return <Badge tone="red">Aktif s.d. {wibTextLong(row.expires_at)}</Badge>;
      return <Badge tone="slate">Selesai {wibTextLong(row.expires_at)}</Badge>;
  }
}

function details(row: FraudBlockRow): string {
  const refused = `${formatNumber(row.blocked)} ditolak`;
  const reason = row.reason;
  if (!isKnown(FRAUD_BLOCK_REASONS, reason)) return refused;
  switch (reason) {
    case "geo":
    case "blocklist":
      return refused;
    case "signal_velocity":
      return `${refused}; ${formatNumber(row.window_creations)} nomor berbeda dalam 10 menit`;
    case "prefix_spike":
    case "verified_nothing":
      return `${refused}; ${formatNumber(row.window_creations)} nomor baru dalam 10 menit, ${formatNumber(row.window_verified)} terverifikasi, biasanya ±${formatNumber(row.expected)}`;
  }
}

/** Every refused attempt, explained; a merchant lifts a prefix block itself. */
export function FraudBlockLog() {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const blocks = useQuery(trpc.fraud.blocks.queryOptions());
  const [confirming, setConfirming] = useState<string | null>(null);
  const [trusting, setTrusting] = useState<string | null>(null);
  const unblock = useMutation(
    trpc.fraud.unblock.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.fraud.blocks.queryKey() }), queryClient.invalidateQueries({ queryKey: trpc.fraud.activeBlocks.queryKey() })]);
      },
    }),
  );
  const addSafe = useMutation(
    trpc.fraud.addListEntry.mutationOptions({
      onSuccess: async () => {
        setTrusting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.fraud.list.queryKey() });
      },
    }),
  );

  return (
    <Card title="Catatan blokir" className="lg:col-span-2">
      <p className="mb-3 text-sm text-slate-600">Permintaan yang diblokir tidak dipotong saldo dan tidak dihitung ke batas per nomor. Permintaan ulang dengan external_id yang sama tidak pernah diblokir.</p>
      {blocks.isPending ? <Loading /> : null}
      {blocks.error ? <ErrorNotice message={errorMessage(blocks.error)} onRetry={() => blocks.refetch()} /> : null}
      {blocks.data && blocks.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="fraud-blocks-empty">
          Belum ada permintaan yang diblokir.
        </p>
      ) : null}
      {blocks.data && blocks.data.length > 0 ? (
        <StackedTable columns={COLUMNS} caption="Catatan blokir perlindungan penipuan">
          {blocks.data.map((row) => (
            <StackedRow key={row.id} data-testid="fraud-block-row">
              <StackedCell label="Mulai" className="whitespace-nowrap">
                {wibTextLong(row.started_at)}
              </StackedCell>
              <StackedCell label="Alasan" prose>
                <span className="font-medium">{reasonText(row).label}</span>
                <span className="block text-xs text-slate-600">
                  {reasonText(row).why} Channel {CHANNEL_LABELS[row.channel] ?? row.channel}.
                </span>
              </StackedCell>
              <StackedCell label="Prefix" className="font-mono">
                {row.prefix}
              </StackedCell>
              <StackedCell label="Rincian" prose className="text-xs text-slate-600">
                {details(row)}
              </StackedCell>
              <StackedCell label="Status">
                <div className="flex flex-col items-end gap-2 sm:items-start">
                  {blockStatus(row)}
                  {row.active && (row.reason === "prefix_spike" || row.reason === "verified_nothing") && can("security.manage") ? (
                    <Button variant="secondary" onClick={() => setConfirming(row.prefix)} data-testid={`unblock-${row.prefix}`}>
                      Buka blokir prefix ini
                    </Button>
                  ) : null}
                  {(row.reason === "geo" || row.reason === "prefix_spike" || row.reason === "verified_nothing") && can("security.manage") ? (
                    <Button variant="secondary" onClick={() => setTrusting(row.prefix)} data-testid={`safe-${row.id}`}>
                      Tambahkan ke daftar aman
                    </Button>
                  ) : null}
                </div>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      ) : null}
      {unblock.error ? <ErrorNotice message={errorMessage(unblock.error)} /> : null}
      {addSafe.error ? <ErrorNotice message={errorMessage(addSafe.error)} /> : null}
      <ConfirmDialog
        open={trusting !== null}
        title={`Tambahkan ${trusting ?? ""}* ke daftar aman?`}
        body="Semua nomor dengan awalan ini tidak lagi diperiksa fraud guard maupun izin negara (batas per nomor dan saldo tetap berlaku). Pakai hanya untuk awalan yang Anda yakini milik pengguna asli."
        confirmLabel="Tambahkan"
        busy={addSafe.isPending}
        onConfirm={() => trusting && addSafe.mutate({ list: "safe", value: `${trusting}*` })}
        onCancel={() => setTrusting(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`Buka blokir prefix ${confirming ?? ""}?`}
        body="OTP ke prefix ini langsung dikirim lagi, dan deteksi lonjakan untuk prefix ini berhenti selama satu jam. Buka blokir hanya jika lonjakan ini memang pengguna asli."
        confirmLabel="Buka blokir"
        busy={unblock.isPending}
        onConfirm={() => confirming && unblock.mutate({ prefix: confirming })}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
