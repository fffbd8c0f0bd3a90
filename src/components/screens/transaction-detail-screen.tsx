"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { DeliveryTimeline } from "@/components/dashboard/delivery-timeline";
import { OtpWebhookEvents } from "@/components/dashboard/otp-webhook-events";
import { OtpStatusBadge } from "@/components/dashboard/status-badge";
import { CHANNEL_LABELS, formatRupiah, formatWibText, OTP_STATUS } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Card, ErrorNotice, Loading, PageHeader } from "@/components/ui/primitives";
import type { transactionDetailOutput } from "@/schemas/dashboard/transactions";
import type { z } from "zod";

type TransactionDetail = z.infer<typeof transactionDetailOutput>;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 border-b border-slate-100 py-2 text-sm last:border-0 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The status's one-line meaning, with what the channel and provider add to it. */
function DeliveryOutcome({ status, channel, provider }: { status: string; channel: string; provider: string }) {
  const meaning =
    status === "pending" && channel === "whatsapp_inbound"
      ? "Menunggu pesan WhatsApp dari pengguna."
      : status === "sent" && provider === "sandbox"
        ? "Diserahkan ke sandbox; sandbox mengonfirmasi sampai sekitar satu detik kemudian (kecuali WhatsApp ke nomor berakhiran 0001)."
        : (OTP_STATUS[status]?.meaning ?? status);
  return (
    <>
      <OtpStatusBadge status={status} />
      <span className="mt-1 block text-xs text-slate-500">{meaning}</span>
    </>
  );
}

/** Sends still in flight (a receipt or a fallback to come) and webhook deliveries still trying change the page by themselves. */
function stillMoving(t: TransactionDetail): boolean {
  const sending = !t.expired && t.deliveries.some((d) => d.status === "pending" || d.status === "sent") && t.status !== "verified";
  return sending || t.events.some((e) => e.delivery?.status === "pending");
}

export function TransactionDetailScreen({ otpId }: { otpId: string }) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.reports.transaction.queryOptions({ otpId }), refetchInterval: (q) => (q.state.data && stillMoving(q.state.data) ? 3000 : false) });
  const t = detail.data;

  return (
    <>
      <Link href="/transactions" className="mb-3 inline-block text-sm text-brand-600 hover:underline">
        ← Semua transaksi
      </Link>
      <PageHeader title={otpId} description="Rincian transaksi OTP. Kode OTP tidak disimpan dalam bentuk yang bisa dibaca dan tidak pernah ditampilkan." />
      {detail.isPending ? <Loading /> : null}
      {detail.error ? <ErrorNotice message={errorMessage(detail.error)} /> : null}
      {t ? (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <Card title="Transaksi">
            <dl>
              <Row label="Status">
                <OtpStatusBadge status={t.status} expired={t.expired} locked={t.locked} />
              </Row>
              <Row label={t.deliveries.length > 1 ? "Channel terakhir" : "Channel"}>{CHANNEL_LABELS[t.channel] ?? t.channel}</Row>
              {t.fallback.length > 0 ? (
                <Row label="Cadangan">
                  {t.fallback.map((c) => CHANNEL_LABELS[c] ?? c).join(" → ")}, bila belum sampai dalam {t.fallback_after} detik
                </Row>
              ) : null}
              <Row label="Tujuan">{t.destination ?? "—"}</Row>
              <Row label="Brand">{t.brand || "—"}</Row>
              {t.otp_length !== null ? <Row label="Panjang kode">{t.otp_length} digit</Row> : null}
              <Row label="Dibuat">{formatWibText(t.created_at)}</Row>
              <Row label="Kedaluwarsa">{formatWibText(t.expires_at)}</Row>
              <Row label="Terverifikasi">{t.verified_at ? formatWibText(t.verified_at) : "Belum"}</Row>
              {t.verified_from ? <Row label="Diverifikasi dari">{t.verified_from}</Row> : null}
              <Row label="Biaya">{t.charged ? formatRupiah(t.price) : `Tidak dipotong (harga ${formatRupiah(t.price)})`}</Row>
              <Row label="external_id">{t.external_id ?? "—"}</Row>
            </dl>
          </Card>
          <div className="flex flex-col gap-6">
            <Card title="Percobaan verifikasi">
              <p className="text-3xl font-semibold tabular-nums" data-testid="attempts">
                {t.attempts} <span className="text-base font-normal text-slate-500">dari {t.max_attempts} percobaan gagal</span>
              </p>
              {t.locked ? (
                <p className="mt-2 text-sm text-red-700">Batas percobaan tercapai: transaksi terkunci dan verifikasi berikutnya ditolak (TOO_MANY_ATTEMPTS).</p>
              ) : (
                <p className="mt-2 text-sm text-slate-600">Percobaan yang benar tidak dihitung.</p>
              )}
            </Card>
            <Card title="Pengiriman">
              <dl>
                <Row label="Penyedia">{t.provider === "sandbox" ? "Sandbox (tidak terkirim ke pengguna sungguhan)" : t.provider}</Row>
                <Row label="Hasil">
                  <DeliveryOutcome status={t.status} channel={t.channel} provider={t.provider} />
                </Row>
                {/* Each send's own reason is in the timeline; the OTP's is shown only when no send tells it. */}
                {t.failure_reason && t.status === "failed" && !t.deliveries.some((d) => d.failure_reason) ? <Row label="Alasan gagal">{t.failure_reason}</Row> : null}
                {t.misscall_prefix ? <Row label="Awalan nomor penelepon">{t.misscall_prefix}</Row> : null}
              </dl>
              {t.deliveries.length > 0 ? (
                <div className="mt-4">
                  <DeliveryTimeline deliveries={t.deliveries} />
                </div>
              ) : null}
            </Card>
            <Card title="Event webhook">
              <OtpWebhookEvents otpId={t.otp_id} events={t.events} />
            </Card>
          </div>
        </div>
      ) : null}
    </>
  );
}
