"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CHANNEL_LABELS, formatNumber, formatPercent, formatRupiah } from "@/components/format";
import { DailyLines, DistributionBars, Funnel, RateBars } from "@/components/insights/charts";
import { DataTable, type TableRow } from "@/components/insights/data-table";
import { InsightsCsv } from "@/components/insights/insights-csv";
import { OPERATOR_NAMES, stepName } from "@/components/insights/palette";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Card, EmptyState, ErrorNotice, Field, inputClass, Loading, PageHeader } from "@/components/ui/primitives";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import type { InsightsReportData } from "@/schemas/dashboard/insights";

const wibToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const PRESETS = [7, 30, 90];

type Bucket = InsightsReportData["byChannel"][number];
const rowsOf = (buckets: Bucket[], label: (key: string) => string): TableRow[] => buckets.map((b) => ({ ...b, label: label(b.key) }));
const channelName = (c: string) => CHANNEL_LABELS[c] ?? c;
const operatorName = (o: string) => OPERATOR_NAMES[o] ?? o;
const seconds = (s: number | null) => (s === null ? "–" : s < 60 ? `${s} dtk` : `${Math.floor(s / 60)} mnt ${s % 60} dtk`);

function Stat({ label, value, testId, hint }: { label: string; value: string; testId: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

export function InsightsScreen() {
  const trpc = useTRPC();
  const [range, setRange] = useState(() => ({ from: daysBefore(wibToday(), 29), to: wibToday() }));
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const report = useQuery({ ...trpc.insights.report.queryOptions(range), enabled: valid });

  return (
    <>
      <PageHeader title="Analitik" description="Di mana OTP Anda berhasil diverifikasi dan di mana hilang: per channel, operator, hari, jam dan langkah fallback. Hari dihitung dalam WIB." />
      <Card className="mb-6">
        <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={(e) => e.preventDefault()} aria-label="Rentang tanggal">
          <Field label="Mulai tanggal">
            <input type="date" required value={range.from} max={range.to} onChange={(e) => setRange({ ...range, from: e.target.value })} className={inputClass} />
          </Field>
          <Field label="Hingga tanggal" error={valid ? undefined : "Tanggal “dari” tidak boleh setelah tanggal “sampai”."}>
            <input type="date" required value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} className={inputClass} />
          </Field>
          <div className="flex flex-wrap gap-2">
            {PRESETS.map((n) => (
              <button key={n} type="button" className="rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50" onClick={() => setRange({ from: daysBefore(wibToday(), n - 1), to: wibToday() })}>
                {n} hari
              </button>
            ))}
          </div>
        </form>
      </Card>
      {report.isPending && valid ? <Loading /> : null}
      {report.error ? <ErrorNotice message={errorMessage(report.error)} onRetry={() => report.refetch()} /> : null}
      {report.data ? <Report data={report.data} /> : null}
    </>
  );
}

/** Bars of conversion per bucket (empty hours left out of the bars, kept in the table) and the table under them. */
function Breakdown({ title, id, keyLabel, buckets, label }: { title: string; id: string; keyLabel: string; buckets: Bucket[]; label: (key: string) => string }) {
  const bars = buckets.filter((b) => b.created > 0).map((b) => ({ key: b.key, label: label(b.key), created: b.created, verified: b.verified, rate: b.conversionRate }));
  return (
    <Card title={title}>
      <RateBars testId={`by-${id}`} bars={bars} />
      <DataTable testId={`table-${id}`} keyLabel={keyLabel} caption={`Angka: ${title.toLowerCase()}`} rows={rowsOf(buckets, label)} />
    </Card>
  );
}

function Report({ data }: { data: InsightsReportData }) {
  const t = data.totals;
  if (t.created === 0) {
    return <EmptyState title="Belum ada OTP pada rentang ini">Pilih rentang lain, atau buat OTP lewat API atau formulir uji di Ringkasan.</EmptyState>;
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="OTP dibuat" value={formatNumber(t.created)} testId="total-created" />
        <Stat label="Tingkat konversi" value={formatPercent(t.conversionRate)} testId="total-conversion" hint="Terverifikasi ÷ dibuat" />
        <Stat label="Biaya" value={formatRupiah(t.spend)} testId="total-spend" hint="Setelah pengembalian pengiriman gagal" />
        <Stat label="Biaya tanpa verifikasi" value={formatRupiah(t.unverifiedSpend)} testId="total-unverified-spend" />
        <Stat label="Gagal terkirim" value={formatNumber(t.failed)} testId="total-failed" hint="Gratis" />
        <Stat label="Kedaluwarsa" value={formatNumber(t.expired)} testId="total-expired" hint="Terkirim, tidak diverifikasi" />
        <Stat label="Terkunci" value={formatNumber(t.locked)} testId="total-locked" hint="Terlalu banyak kode salah" />
        <Stat label="Waktu sampai verifikasi" value={seconds(data.toVerified.medianSeconds)} testId="median-verify" hint={`Median · p90 ${seconds(data.toVerified.p90Seconds)}`} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Corong konversi">
          <Funnel created={t.created} delivered={t.delivered} verified={t.verified} />
          <p className="mt-3 text-xs text-slate-600">
            Waktu sampai terkirim: median {seconds(data.toDelivered.medianSeconds)}, p90 {seconds(data.toDelivered.p90Seconds)}.
          </p>
        </Card>
        <Card title="Waktu sampai verifikasi">
          <DistributionBars bars={data.verifyDistribution} />
          <p className="mt-3 text-xs text-slate-600">
            {formatNumber(data.toVerified.count)} OTP terverifikasi; median {seconds(data.toVerified.medianSeconds)}, p90 {seconds(data.toVerified.p90Seconds)}.
          </p>
        </Card>
        <Breakdown title="Konversi per channel" id="channel" keyLabel="Channel" buckets={data.byChannel} label={channelName} />
        <Breakdown title="Konversi per operator" id="operator" keyLabel="Operator" buckets={data.byOperator} label={operatorName} />
        <Breakdown title="Konversi per langkah fallback" id="fallback" keyLabel="Langkah" buckets={data.byFallbackStep} label={stepName} />
        <Breakdown title="Konversi per jam (WIB)" id="hour" keyLabel="Jam" buckets={data.byHour} label={(h) => `${h}.00`} />
      </div>

      <Card title="Dibuat dan terverifikasi per hari">
        <DailyLines points={data.byDay} />
        <DataTable testId="table-day" keyLabel="Tanggal" caption="Angka per hari, dengan biaya" rows={rowsOf(data.byDay, (d) => d)} />
      </Card>

      <Card title="Biaya untuk OTP yang tidak pernah diverifikasi">
        <StackedTable caption="Biaya untuk OTP yang tidak pernah diverifikasi, per channel dan operator" columns={[{ label: "Channel" }, { label: "Operator" }, { label: "Tidak terverifikasi", align: "right" }, { label: "Biaya", align: "right" }]}>
          {data.unverifiedSpend.map((r) => (
            <StackedRow key={`${r.channel}:${r.operator}`} data-testid={`unverified-${r.channel}-${r.operator}`}>
              <StackedCell label="Channel">{channelName(r.channel)}</StackedCell>
              <StackedCell label="Operator">{operatorName(r.operator)}</StackedCell>
              <StackedCell label="Tidak terverifikasi" align="right">
                {formatNumber(r.unverified)} dari {formatNumber(r.created)}
              </StackedCell>
              <StackedCell label="Biaya" align="right">
                <span data-testid="spend">{formatRupiah(r.unverifiedSpend)}</span>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      </Card>

      <Card title="Unduh CSV">
        <p className="mb-3 text-sm text-slate-600">Setiap rincian untuk rentang {data.from} – {data.to}, dengan baris total.</p>
        <InsightsCsv from={data.from} to={data.to} />
      </Card>
    </div>
  );
}
