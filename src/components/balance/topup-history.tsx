import Link from "next/link";
import { formatRupiah, formatWibText } from "@/components/format";
import { PaymentMethodLabel } from "@/components/ui/payment-method-logo";
import { Badge } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import type { TopupStatus } from "@/schemas/dashboard/reports";
import { entryFor, type StoredValue } from "@/schemas/stored-enum";

export type TopupRow = { topup_id: string; created_at: string; payment_method: string; payment_method_code: string; amount: number; payment_total: number; status: StoredValue<TopupStatus>; payment_url: string };

const TOPUP_COLUMNS = [
  { label: "Status" },
  { label: "ID" },
  { label: "Dibuat" },
  { label: "Metode" },
  { label: "Paket", align: "right" as const },
  { label: "Tindakan", hidden: true },
];

type StatusBadge = { label: string; tone: "amber" | "green" | "slate" | "red" };

const TOPUP_STATUS: Record<TopupStatus, StatusBadge> = {
  Pending: { label: "Menunggu pembayaran", tone: "amber" },
  Paid: { label: "Lunas", tone: "green" },
  Expired: { label: "Kedaluwarsa", tone: "slate" },
  Failed: { label: "Gagal", tone: "red" },
};

/** A status a later release added: as stored, in neutral grey, with neither receipt nor payment link. */
export const topupStatusBadge = (status: StoredValue<TopupStatus>): StatusBadge => entryFor(TOPUP_STATUS, status) ?? { label: status, tone: "slate" };

export function TopupHistory({ items }: { items: TopupRow[] }) {
  return (
    <StackedTable columns={TOPUP_COLUMNS} caption="Riwayat isi saldo">
      {items.map((t) => {
        const status = topupStatusBadge(t.status);
        return (
          <StackedRow key={t.topup_id} data-testid="topup-row" className="align-top">
            <StackedCell label="Status">
              <Badge tone={status.tone}>{status.label}</Badge>
              {/* Under the status, whose badge is wider than the link: the table keeps fitting its card at 1024 px. */}
              {t.status === "Paid" ? (
                <Link href={`/balance/receipts/${t.topup_id}`} className="mt-1 block text-xs font-medium text-brand-600 hover:underline">
                  Kuitansi
                </Link>
              ) : null}
            </StackedCell>
            <StackedCell label="ID" className="whitespace-nowrap">
              <span className="font-mono text-xs">{t.topup_id}</span>
            </StackedCell>
            <StackedCell label="Dibuat">{formatWibText(t.created_at)}</StackedCell>
            <StackedCell label="Metode">
              <PaymentMethodLabel code={t.payment_method_code} name={t.payment_method} size="sm" />
            </StackedCell>
            <StackedCell label="Paket" align="right" className="whitespace-nowrap tabular-nums">
              {formatRupiah(t.amount)}
              <span className="block text-xs text-slate-600">total {formatRupiah(t.payment_total)}</span>
            </StackedCell>
            <StackedCell align="right">
              {t.status === "Pending" ? (
                <a href={t.payment_url} target="_blank" rel="noopener" className="font-medium text-brand-600 hover:underline">
                  Bayar
                </a>
              ) : null}
            </StackedCell>
          </StackedRow>
        );
      })}
    </StackedTable>
  );
}
