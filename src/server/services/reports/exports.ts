// CSV exports for a merchant's bookkeeping: OTP transactions and the saldo ledger
// for a range of WIB calendar days, oldest first, with WIB times. Never the code.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { toCsv } from "@/server/lib/csv";
import { formatWib } from "@/lib/wib-time";
import type { ExportDays } from "@/schemas/dashboard/exports";
import { LEDGER_ENTRY_COLUMNS, type LedgerEntryRow } from "./ledger-entries";
import { addDays, wibDateStart } from "./wib-ranges";

/** A file a browser tab can still build in memory; beyond it the merchant picks a shorter range. */
export const MAX_EXPORT_ROWS = 100_000;

function rangeOf(range: ExportDays) {
  return { range, createdAt: { gte: wibDateStart(range.from), lt: addDays(wibDateStart(range.to), 1) } };
}

function refuseTooMany(count: number) {
  if (count > MAX_EXPORT_ROWS) throw new AppError("VALIDATION_ERROR", `Rentang ini memuat lebih dari ${MAX_EXPORT_ROWS.toLocaleString("id-ID")} baris. Pilih rentang yang lebih pendek.`);
}

export async function exportTransactionsCsv(merchantId: number, input: ExportDays) {
  const { range, createdAt } = rangeOf(input);
  const db = await getDb();
  const rows = await db.otpTransaction.findMany({
    where: { merchantId, createdAt },
    select: { otpId: true, createdAt: true, channel: true, destination: true, status: true, price: true, charged: true, attempts: true, verifiedAt: true, externalId: true },
    orderBy: { id: "asc" },
    take: MAX_EXPORT_ROWS + 1,
  });
  refuseTooMany(rows.length);
  const csv = toCsv(
    ["otp_id", "dibuat_wib", "channel", "tujuan", "status", "harga", "dipotong", "percobaan", "diverifikasi_wib", "external_id"],
    rows.map((r) => [r.otpId, formatWib(r.createdAt), r.channel, r.destination, r.status, r.price, r.charged ? "ya" : "tidak", r.attempts, r.verifiedAt ? formatWib(r.verifiedAt) : null, r.externalId]),
  );
  return { filename: `sandi-transaksi-${range.from}_${range.to}.csv`, csv, rows: rows.length };
}

export async function exportLedgerCsv(merchantId: number, input: ExportDays) {
  const { range, createdAt } = rangeOf(input);
  const db = await getDb();
  const rows = await db.$queryRaw<LedgerEntryRow[]>`
    SELECT ${LEDGER_ENTRY_COLUMNS} FROM ledger_entries
    WHERE merchant_id = ${merchantId} AND created_at >= ${createdAt.gte} AND created_at < ${createdAt.lt}
    ORDER BY id LIMIT ${MAX_EXPORT_ROWS + 1}`;
  refuseTooMany(rows.length);
  const csv = toCsv(
    ["id", "waktu_wib", "jenis", "jumlah", "saldo_setelah", "referensi", "catatan"],
    rows.map((e) => [e.id.toString(), formatWib(e.created_at), e.reason, Number(e.amount), Number(e.balance_after), e.reference, e.note]),
  );
  return { filename: `sandi-mutasi-saldo-${range.from}_${range.to}.csv`, csv, rows: rows.length };
}
