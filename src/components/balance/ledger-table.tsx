import Link from "next/link";
import { formatRupiah, formatWibText } from "@/components/format";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { TEST_OPENING_NOTE } from "@/schemas/mode";
import type { LedgerReason } from "@/schemas/dashboard/reports";
import { entryFor, type StoredValue } from "@/schemas/stored-enum";

export type LedgerRow = { id: string; amount: number; balance_after: number; reason: StoredValue<LedgerReason>; reference: string | null; note: string | null; created_at: string };

/** Every reason this release writes; one a later release added shows as stored (reasonLabel). */
const REASONS: Record<LedgerReason, string> = {
  otp_charge: "Biaya OTP",
  otp_refund: "Pengembalian biaya OTP",
  topup: "Isi saldo",
  manual_credit: "Penambahan oleh operator",
  manual_debit: "Pengurangan oleh operator",
};

export const reasonLabel = (reason: StoredValue<LedgerReason>): string => entryFor(REASONS, reason) ?? reason;

/** The test world's opening credit is Sandi's, given at sign-up: not an operator's adjustment. */
const openingCredit = (e: LedgerRow) => e.reason === "manual_credit" && e.reference === null && e.note === TEST_OPENING_NOTE;

const LEDGER_COLUMNS = [{ label: "Waktu" }, { label: "Keterangan" }, { label: "Referensi" }, { label: "Jumlah", align: "right" as const }, { label: "Saldo akhir", align: "right" as const }];

/** Where a reference leads: a charge or refund to its OTP, a top-up to its receipt (a top-up is in the ledger only once paid). */
function referenceHref(reason: string, reference: string): string | null {
  // A fallback's send is referenced "<otp_id>:<n>" (docs/otp-lifecycle.md): it leads to the same OTP.
  if (reason === "otp_charge" || reason === "otp_refund") return `/transactions/${encodeURIComponent(reference.split(":")[0])}`;
  if (reason === "topup") return `/balance/receipts/${encodeURIComponent(reference)}`;
  return null;
}

function Reference({ reason, reference }: { reason: string; reference: string | null }) {
  if (!reference) return <span className="text-slate-500">—</span>;
  const href = referenceHref(reason, reference);
  if (!href) return <span className="font-mono text-xs">{reference}</span>;
  return (
    <Link href={href} className="font-mono text-xs text-brand-600 hover:underline">
      {reference}
    </Link>
  );
}

export function LedgerTable({ items }: { items: LedgerRow[] }) {
  return (
    <StackedTable columns={LEDGER_COLUMNS} caption="Mutasi saldo">
      {items.map((e) => (
        <StackedRow key={e.id} data-testid="ledger-row" className="align-top">
          <StackedCell label="Waktu" className="whitespace-nowrap">{formatWibText(e.created_at)}</StackedCell>
          <StackedCell label="Keterangan">
            <span>
              {openingCredit(e) ? "Saldo uji awal dari Sandi" : reasonLabel(e.reason)}
              {e.note && !openingCredit(e) ? <span className="block text-xs text-slate-600">{e.note}</span> : null}
            </span>
          </StackedCell>
          <StackedCell label="Referensi" className="whitespace-nowrap">
            <Reference reason={e.reason} reference={e.reference} />
          </StackedCell>
          <StackedCell label="Jumlah" align="right" className={`whitespace-nowrap tabular-nums ${e.amount < 0 ? "text-red-700" : "text-emerald-700"}`}>
            {e.amount < 0 ? "−" : "+"}
            {formatRupiah(Math.abs(e.amount))}
          </StackedCell>
          <StackedCell label="Saldo akhir" align="right" className="whitespace-nowrap tabular-nums">
            {formatRupiah(e.balance_after)}
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
