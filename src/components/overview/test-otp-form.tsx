"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { OtpStatusBadge } from "@/components/dashboard/status-badge";
import { CHANNEL_LABELS, formatRupiah } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import { TestDestinationFields, type TestOtpChannel } from "@/components/forms/test-destination-fields";

/** Sends a real OTP to the merchant's own number or address and verifies the code typed back, as /v3 would. */
export function TestOtpForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const [channel, setChannel] = useState<TestOtpChannel>("whatsapp");
  const [destination, setDestination] = useState("");
  const [code, setCode] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.reports.gettingStarted.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.reports.overview.queryKey() });
  };
  const send = useMutation(trpc.testOtp.send.mutationOptions({ onSuccess: refresh }));
  const verify = useMutation(trpc.testOtp.verify.mutationOptions({ onSuccess: refresh }));
  const price = profile.data?.prices[channel];
  const sent = send.data;

  return (
    <Card title="Kirim OTP uji">
      <div id="kirim-otp-uji" className="scroll-mt-20">
        <p className="text-sm text-slate-600">
          Kirim OTP ke nomor atau e-mail Anda sendiri lalu verifikasi kodenya di sini. Ini OTP sungguhan lewat layanan yang sama dengan <code>POST /v3/request</code> dan{" "}
          <code>/v3/verify</code>: <strong className="font-semibold text-slate-800">saldo dipotong seperti OTP lain</strong>
          {price !== undefined ? ` (${formatRupiah(price)} untuk ${CHANNEL_LABELS[channel]})` : ""}, dan pengiriman yang gagal tidak dipotong.
        </p>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            verify.reset();
            setCode("");
            send.mutate({ channel, destination });
          }}
        >
          <TestDestinationFields channel={channel} onChannel={setChannel} destination={destination} onDestination={setDestination} whose="own" />
          <Button type="submit" busy={send.isPending}>
            {price !== undefined ? `Kirim OTP uji (${formatRupiah(price)})` : "Kirim OTP uji"}
          </Button>
        </form>
        {send.error ? (
          <div className="mt-3">
            <ErrorNotice message={errorMessage(send.error)} />
          </div>
        ) : null}
        {sent ? (
          <div className="mt-4 rounded-lg border border-slate-200 p-4" data-testid="test-otp-sent">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Link href={`/transactions/${sent.otp_id}`} className="font-mono text-xs text-brand-600 hover:underline">
                {sent.otp_id}
              </Link>
              <OtpStatusBadge status={verify.data?.verified ? "verified" : sent.status} />
              <span className="text-slate-600">{sent.price ? `dipotong ${formatRupiah(sent.price)}` : "tidak dipotong"}</span>
            </p>
            {sent.status === "failed" ? null : (
              <>
                <p className="mt-2 text-xs text-slate-600">
                  Di server sandbox pesan tidak benar-benar terkirim: kodenya ada di <Link href="/sandbox" className="text-brand-600 hover:underline">Kotak masuk sandbox</Link>.
                </p>
                <form
                  className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
                  onSubmit={(e) => {
                    e.preventDefault();
                    verify.mutate({ otpId: sent.otp_id, otp: code });
                  }}
                >
                  <Field label="Kode yang Anda terima">
                    <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" className={`${inputClass} sm:w-40`} />
                  </Field>
                  <Button type="submit" variant="secondary" busy={verify.isPending}>
                    Verifikasi
                  </Button>
                </form>
              </>
            )}
            {verify.data?.verified ? (
              <div className="mt-3">
                <Notice tone="success">Kode benar: OTP terverifikasi, seperti yang akan dijawab /v3/verify untuk integrasi Anda.</Notice>
              </div>
            ) : null}
            {verify.data && !verify.data.verified ? (
              <div className="mt-3">
                <Notice tone="warning">Kode salah. Percobaan ini dihitung; setelah 5 kali salah transaksi terkunci.</Notice>
              </div>
            ) : null}
            {verify.error ? (
              <div className="mt-3">
                <ErrorNotice message={errorMessage(verify.error)} />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
