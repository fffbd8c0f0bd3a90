import { formatRupiah } from "@/components/format";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";

export type LedgerRow = { id: string; amount: number; balance_after: number; reason: string; reference: string | null; note: string | null; created_at: string };

const REASONS: Record<string, string> = {
  otp_charge: "Biaya OTP",
  otp_refund: "Pengembalian biaya OTP",
  topup: "Isi saldo",
  manual_credit: "Penambahan oleh operator",
  manual_debit: "Pengurangan oleh operator",
};

const LEDGER_COLUMNS = [{ label: "Waktu (WIB)" }, { label: "Keterangan" }, { label: "Referensi" }, { label: "Jumlah", align: "right" as const }, { label: "Saldo akhir", align: "right" as const }];

export function LedgerTable({ items }: { items: LedgerRow[] }) {
  return (
    <StackedTable columns={LEDGER_COLUMNS} caption="Mutasi saldo">
      {items.map((e) => (
        <StackedRow key={e.id} data-testid="ledger-row" className="align-top">
          <StackedCell label="Waktu (WIB)">{e.created_at}</StackedCell>
          <StackedCell label="Keterangan">
            <span>
              {REASONS[e.reason] ?? e.reason}
              {e.note ? <span className="block text-xs text-slate-600">{e.note}</span> : null}
            </span>
          </StackedCell>
          <StackedCell label="Referensi" className="whitespace-nowrap">
            <span className="font-mono text-xs">{e.reference ?? "—"}</span>
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
