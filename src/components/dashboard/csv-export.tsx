"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { DATE_ORDER_MESSAGE } from "@/schemas/dashboard/transactions";
import { Button, Card, ErrorNotice, Field, inputClass } from "@/components/ui/primitives";

/** Today and the first of this month as WIB calendar days (UTC+7 all year). */
function thisMonthInWib() {
  const today = new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Hands a file built in memory to the browser's download, as a link click would. */
export function saveCsv(filename: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const WHAT = {
  transactions: { title: "Ekspor transaksi (CSV)", hint: "Semua OTP yang dibuat pada rentang tanggal ini (WIB), tanpa kode OTP." },
  ledger: { title: "Ekspor mutasi saldo (CSV)", hint: "Setiap biaya, pengembalian dan isi saldo pada rentang tanggal ini (WIB)." },
};

export function CsvExport({ kind }: { kind: keyof typeof WHAT }) {
  const trpc = useTRPC();
  const [range, setRange] = useState(thisMonthInWib);
  const options = { onSuccess: (file: { filename: string; csv: string }) => saveCsv(file.filename, file.csv) };
  const transactions = useMutation(trpc.reports.exportTransactions.mutationOptions(options));
  const ledger = useMutation(trpc.reports.exportLedger.mutationOptions(options));
  const exporter = kind === "transactions" ? transactions : ledger;
  const outOfOrder = Boolean(range.from && range.to && range.from > range.to);
  return (
    <Card title={WHAT[kind].title}>
      <p className="mb-3 text-sm text-slate-600">{WHAT[kind].hint}</p>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          exporter.mutate(range);
        }}
      >
        <Field label="Mulai tanggal">
          <input type="date" required value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} className={inputClass} />
        </Field>
        <Field label="Hingga tanggal" error={outOfOrder ? DATE_ORDER_MESSAGE : undefined}>
          <input type="date" required value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} className={inputClass} />
        </Field>
        <div>
          <Button type="submit" variant="secondary" busy={exporter.isPending} disabled={outOfOrder}>
            Unduh CSV
          </Button>
        </div>
      </form>
      <ExportOutcome file={exporter.data} error={exporter.error} />
    </Card>
  );
}

/** What became of the last download: the file's name and rows, or why it failed. */
export function ExportOutcome({ file, error }: { file?: { filename: string; rows: number }; error: unknown }) {
  return (
    <>
      {file ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {file.filename} diunduh ({file.rows.toLocaleString("id-ID")} baris).
        </p>
      ) : null}
      {error ? (
        <div className="mt-3">
          <ErrorNotice message={errorMessage(error)} />
        </div>
      ) : null}
    </>
  );
}
