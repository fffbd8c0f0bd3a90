import type { Mode } from "@/schemas/mode";

/** Says, on every page, which world the merchant is looking at and what it means for messages and money. */
export function ModeBanner({ mode, liveIsSandboxed }: { mode: Mode; liveIsSandboxed: boolean }) {
  if (mode === "test") {
    return (
      <div role="status" data-testid="test-mode-banner" className="mb-6 rounded-lg border-2 border-amber-400 print:hidden bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">Mode uji</p>
        <p className="mt-1">
          Anda melihat data uji: API key <code className="font-mono">sk_test_…</code>, saldo uji, transaksi, webhook dan kotak masuk sandbox milik mode uji. Pesan tidak
          pernah dikirim sungguhan dan saldo uji bukan uang. Matikan tombol &ldquo;Mode uji&rdquo; untuk kembali ke data live.
        </p>
      </div>
    );
  }
  if (!liveIsSandboxed) return null;
  return (
    <p role="note" data-testid="live-sandbox-note" className="mb-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      Layanan ini belum memakai vendor pengiriman: mode live juga mengirim lewat sandbox, jadi belum ada pesan sungguhan yang terkirim. Kodenya ada di Kotak masuk sandbox.
    </p>
  );
}
