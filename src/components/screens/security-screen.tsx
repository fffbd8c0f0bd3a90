"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import { useQuery } from "@tanstack/react-query";
import { SupportContact } from "@/components/dashboard/support-contact";
import { ChangePasswordCard } from "@/components/dashboard/change-password-card";
import { TwoStepCard } from "@/components/dashboard/two-step-card";
import { PriceList } from "@/components/dashboard/price-list";
import { formatNumber } from "@/components/format";
import { FraudBlockLog } from "@/components/dashboard/fraud-block-log";
import { FraudSettingsCard } from "@/components/dashboard/fraud-settings-card";
import { FraudListsCard } from "@/components/dashboard/fraud-lists-card";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Card, ErrorNotice, Loading, Notice, PageHeader } from "@/components/ui/primitives";

export function SecurityScreen() {
  const trpc = useTRPC();
  const can = useCan();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const allowlist = profile.data?.ip_allowlist.split(",").map((s) => s.trim()).filter(Boolean) ?? [];

  return (
    <>
      <PageHeader title="Keamanan" description="Kata sandi dashboard, perlindungan dari SMS pumping, dan batasan yang berlaku untuk semua API key Anda." />
      <Notice>
        Daftar IP dan batas permintaan hanya bisa diubah oleh operator Sandi atas permintaan Anda. Untuk menambah alamat IP atau menaikkan batas, <SupportContact />
        {profile.data ? (
          <>
            {" "}
            dan sebutkan ID merchant <code data-testid="merchant-id" className="font-mono font-semibold">{profile.data.merchant_id}</code>
          </>
        ) : null}
        .
      </Notice>
      {profile.isPending ? <Loading /> : null}
      {profile.error ? <ErrorNotice message={errorMessage(profile.error)} onRetry={() => profile.refetch()} /> : null}
      {profile.data ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {can("security.manage") ? <FraudSettingsCard /> : null}
          <FraudBlockLog />
          <FraudListsCard />
          <Card title="Daftar IP yang diizinkan">
            {allowlist.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="ip-allowlist-empty">
                Tidak dibatasi: permintaan dari alamat IP mana pun diterima.
              </p>
            ) : (
              <>
                <p className="mb-3 text-sm text-slate-600">Permintaan dari alamat lain ditolak dengan 403 IP_NOT_ALLOWED.</p>
                <ul className="flex flex-col gap-1">
                  {allowlist.map((ip) => (
                    <li key={ip} className="rounded bg-slate-100 px-2 py-1 font-mono text-sm">
                      {ip}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
          <Card title="Batas permintaan">
            <p className="text-3xl font-semibold" data-testid="rate-limit">
              {formatNumber(profile.data.rate_limit)} <span className="text-base font-normal text-slate-500">permintaan/detik per API key</span>
            </p>
            <p className="mt-2 text-sm text-slate-600">Permintaan di atas batas ini dijawab 429 RATE_LIMITED. Batas per nomor tujuan (mis. 5 OTP per 10 menit) tidak bisa diubah.</p>
          </Card>
          <Card title="Harga per OTP" className="lg:col-span-2">
            <PriceList prices={profile.data.prices} />
          </Card>
          <TwoStepCard />
          <ChangePasswordCard />
        </div>
      ) : null}
    </>
  );
}
