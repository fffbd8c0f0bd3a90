"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CreditsHint } from "@/components/dashboard/credits-hint";
import { GettingStarted } from "@/components/overview/getting-started";
import { TestOtpForm } from "@/components/overview/test-otp-form";
import { FraudBlockNotice } from "@/components/dashboard/fraud-block-notice";
import { CHANNEL_LABELS, formatNumber, formatPercent, formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, ErrorNotice, Loading, Notice, PageHeader } from "@/components/ui/primitives";

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: React.ReactNode; testId?: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-500">{label}</p>
      <p data-testid={testId} className="mt-1 text-2xl font-semibold tracking-tight">
        {value}
      </p>
      {hint ? <div className="mt-1 text-xs text-slate-500">{hint}</div> : null}
    </Card>
  );
}

/** Failed deliveries are free and not in the totals; saying how many explains a gap between requests and sends. */
function failedHint(failed: number): string | undefined {
  return failed ? `${formatNumber(failed)} gagal (tidak ditagih)` : undefined;
}

export function OverviewScreen() {
  const trpc = useTRPC();
  const can = useCan();
  const overview = useQuery(trpc.reports.overview.queryOptions());

  return (
    <>
      <PageHeader title="Ringkasan" description="Saldo, pemakaian OTP dan tingkat verifikasi akun Anda. Hari dan bulan dihitung dalam WIB." />
      {overview.isPending ? <Loading /> : null}
      {overview.error ? <ErrorNotice message={errorMessage(overview.error)} onRetry={() => overview.refetch()} /> : null}
      {overview.data ? (
        <div className="flex flex-col gap-6">
          <FraudBlockNotice />
          {overview.data.saldo <= 0 ? (
            <Notice tone="warning">
              <p className="font-medium">Saldo Anda {formatRupiah(overview.data.saldo)}.</p>
              <p className="mt-1">
                <CreditsHint linked={can("topups.create")} />
              </p>
            </Notice>
          ) : null}
          <GettingStarted />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat
              label="Saldo"
              testId="overview-saldo"
              value={formatRupiah(overview.data.saldo)}
              hint={
                can("topups.create") ? (
                  <Link href="/balance" className="text-brand-600 hover:underline">
                    Isi saldo
                  </Link>
                ) : null
              }
            />
            <Stat label="OTP terkirim hari ini" testId="overview-today" value={formatNumber(overview.data.today.total)} hint={failedHint(overview.data.today.failed)} />
            <Stat
              label="OTP terkirim bulan ini"
              testId="overview-month"
              value={formatNumber(overview.data.month.total)}
              hint={`Biaya ${formatRupiah(overview.data.spendThisMonth)}${overview.data.month.failed ? ` · ${failedHint(overview.data.month.failed)}` : ""}`}
            />
            <Stat label="Tingkat verifikasi bulan ini" value={formatPercent(overview.data.verificationRate)} hint="Terverifikasi dari OTP yang terkirim" />
          </div>

          {can("sandbox.use") ? <TestOtpForm /> : null}

          <Card title="OTP 30 hari terakhir">
            {overview.data.last30Days.every((d) => d.total === 0) ? (
              <p className="py-6 text-center text-sm text-slate-500">Belum ada OTP dalam 30 hari terakhir.</p>
            ) : (
              <BarChart points={overview.data.last30Days} />
            )}
          </Card>

          <Card title="Per channel">
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-500">
                    <th className="py-2 pr-4 font-medium">Channel</th>
                    <th className="py-2 pr-4 text-right font-medium">Hari ini</th>
                    <th className="py-2 text-right font-medium">Bulan ini</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(overview.data.month.byChannel).map(([channel, month]) => (
                    <tr key={channel} className="border-b border-slate-100 last:border-0">
                      <td className="py-2 pr-4">{CHANNEL_LABELS[channel] ?? channel}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(overview.data.today.byChannel[channel as keyof typeof overview.data.today.byChannel])}</td>
                      <td className="py-2 text-right tabular-nums">{formatNumber(month)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </div>
      ) : null}
    </>
  );
}
