"use client";
// The payer's view of one invoice. Polls the signed status endpoint every 3 s
// and counts down locally from the server's remaining seconds, so the payer's
// clock does not matter. Instructions disappear once the invoice is no longer payable.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { HostedTopup, HostedTopupStatus } from "@/server/services/topups/hosted-page";
import { formatRupiah } from "@/components/format";
import { PaymentMethodLabel } from "@/components/ui/payment-method-logo";
import { QrInstructions } from "./qr-instructions";
import { VaInstructions } from "./va-instructions";
import { StatusPanel } from "./status-panel";
import { Countdown } from "./countdown";

const POLL_MS = 3000;
const RESYNC_TOLERANCE_MS = 2000;

/** One term and its value; they share a div (allowed inside dl), so the total's rule needs no stray element. */
function SummaryRow({ term, children, testId, total = false, valueClass = "" }: { term: string; children: React.ReactNode; testId?: string; total?: boolean; valueClass?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${total ? "border-t border-slate-200 pt-2" : ""}`}>
      <dt className={total ? "font-semibold text-slate-900" : "text-slate-600"}>{term}</dt>
      <dd className={`text-right ${valueClass}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function TopupInvoice({ initial, hash }: { initial: HostedTopup; hash: string }) {
  const [status, setStatus] = useState<HostedTopupStatus>(initial);
  const [deadline, setDeadline] = useState(() => Date.now() + initial.remaining_seconds * 1000);
  const [locallyExpired, setLocallyExpired] = useState(initial.status === "Pending" && initial.remaining_seconds <= 0);
  const [simulating, setSimulating] = useState(false);
  const [simulateError, setSimulateError] = useState<string | null>(null);
  const query = useMemo(() => `hash=${encodeURIComponent(hash)}`, [hash]);
  const alive = useRef(true);
  const statusPanel = useRef<HTMLDivElement>(null);

  const apply = useCallback((next: HostedTopupStatus) => {
    if (!alive.current) return;
    setStatus(next);
    if (next.status === "Pending") {
      const fromServer = Date.now() + next.remaining_seconds * 1000;
      // remaining_seconds is rounded up and arrives after a network delay, so each poll
      // lands up to a second late; following it every time would make the display step back up.
      setDeadline((current) => (Math.abs(fromServer - current) > RESYNC_TOLERANCE_MS ? fromServer : current));
      setLocallyExpired(next.remaining_seconds <= 0);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (status.status !== "Pending") return;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`/topup/${encodeURIComponent(initial.topup_id)}/status?${query}`, { cache: "no-store" });
        if (res.ok) apply((await res.json()) as HostedTopupStatus);
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status.status, initial.topup_id, query, apply]);

  async function simulate() {
    setSimulating(true);
    setSimulateError(null);
    try {
      const res = await fetch(`/topup/${encodeURIComponent(initial.topup_id)}/simulate?${query}`, { method: "POST" });
      if (!res.ok) throw new Error(String(res.status));
      apply((await res.json()) as HostedTopupStatus);
      // The sandbox section, and the focused button with it, goes away once paid: keep focus on the outcome.
      requestAnimationFrame(() => statusPanel.current?.focus());
    } catch {
      setSimulateError("Simulasi pembayaran gagal. Coba lagi.");
    } finally {
      setSimulating(false);
    }
  }

  const shown = status.status === "Pending" && locallyExpired ? "Expired" : status.status;
  const payable = shown === "Pending" && initial.instructions !== null;

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6 sm:py-10">
      <header className="text-center">
        <p className="text-sm font-medium text-slate-600">Pembayaran kepada</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{initial.payee}</h1>
        <p className="mt-1 text-sm text-slate-700 wrap-anywhere" data-testid="topup-for">
          Top-up untuk <strong className="font-semibold">{initial.brand}</strong>
        </p>
      </header>

      {initial.livemode ? null : (
        <p role="note" data-testid="test-mode-invoice" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-center text-sm font-medium text-amber-900">
          Mode uji: tagihan ini mengisi saldo uji, tidak ada uang sungguhan.
        </p>
      )}

      <StatusPanel
        ref={statusPanel}
        status={shown}
        amount={initial.amount}
        brand={initial.brand}
        paidAt={status.paid_at}
        receiptHref={`/topup/${encodeURIComponent(initial.topup_id)}/receipt?${query}`}
      />

      <section aria-labelledby="ringkasan" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="ringkasan" className="sr-only">
          Ringkasan tagihan
        </h2>
        <dl className="space-y-2 text-sm">
          <SummaryRow term="Nominal saldo" testId="amount" valueClass="whitespace-nowrap font-medium">
            {formatRupiah(initial.amount)}
          </SummaryRow>
          <SummaryRow term="Biaya admin" testId="admin-fee" valueClass="whitespace-nowrap font-medium">
            {formatRupiah(initial.admin_fee)}
          </SummaryRow>
          <SummaryRow term="Total pembayaran" testId="payment-total" total valueClass="whitespace-nowrap text-lg font-bold text-slate-900">
            {formatRupiah(initial.payment_total)}
          </SummaryRow>
          <SummaryRow term="Metode" testId="payment-method">
            <PaymentMethodLabel code={initial.payment_method_code} name={initial.payment_method} className="font-medium" />
          </SummaryRow>
          <SummaryRow term="Penerima" testId="recipient-name" valueClass="font-medium wrap-anywhere">
            {initial.recipient_name}
          </SummaryRow>
          <SummaryRow term="ID tagihan" valueClass="break-all font-mono text-xs leading-5">
            {initial.topup_id}
          </SummaryRow>
        </dl>
      </section>

      {payable ? (
        <>
          <Countdown deadline={deadline} expiresAt={status.payment_expired_at} onElapsed={() => setLocallyExpired(true)} />
          {initial.payment_type === "qr" && initial.instructions?.qr_string ? (
            <QrInstructions qrString={initial.instructions.qr_string} topupId={initial.topup_id} total={initial.payment_total} recipient={initial.recipient_name} />
          ) : null}
          {initial.payment_type === "va" && initial.instructions?.va_number ? (
            <VaInstructions bank={initial.instructions.va_bank ?? ""} number={initial.instructions.va_number} total={initial.payment_total} recipient={initial.recipient_name} />
          ) : null}
          {initial.sandbox ? (
            <section aria-labelledby="sandbox" className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4">
              <h2 id="sandbox" className="text-sm font-semibold text-amber-900">
                Mode sandbox
              </h2>
              <p className="mt-1 text-sm text-amber-900">Tidak ada uang yang berpindah. Tekan tombol di bawah untuk mencoba alur pembayaran berhasil.</p>
              <button
                type="button"
                onClick={simulate}
                disabled={simulating}
                className="mt-3 w-full rounded-lg bg-amber-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800 disabled:opacity-60"
              >
                {simulating ? "Memproses…" : "Simulasikan pembayaran"}
              </button>
              {simulateError ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {simulateError}
                </p>
              ) : null}
            </section>
          ) : initial.sandbox_invoice ? (
            <section aria-labelledby="sandbox" className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4" data-testid="sandbox-invoice-notice">
              <h2 id="sandbox" className="text-sm font-semibold text-amber-900">
                Tagihan sandbox
              </h2>
              <p className="mt-1 text-sm text-amber-900">
                Tagihan ini dibuat oleh gateway sandbox: QR atau nomor virtual account di atas tidak dapat dibayar sungguhan. Hubungi operator Sandi untuk menandainya lunas.
              </p>
            </section>
          ) : null}
        </>
      ) : null}

      <footer className="mt-auto pt-4 text-center text-xs text-slate-600">
        Pembayaran diterima oleh {initial.payee} untuk saldo {initial.brand}. Jangan bagikan tautan ini.
      </footer>
    </main>
  );
}
