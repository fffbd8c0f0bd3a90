import { CHANNEL_LABELS, DELIVERY_STATUS, formatRupiah } from "@/components/format";
import { Badge } from "@/components/ui/primitives";
import { wibTextLong } from "@/lib/wib-time";
import type { TransactionDelivery } from "@/schemas/dashboard/transactions";

function Cost({ delivery }: { delivery: TransactionDelivery }) {
  if (delivery.charged) return <>{formatRupiah(delivery.price)}</>;
  if (delivery.status === "failed" || delivery.status === "skipped") return <>Gratis (harga {formatRupiah(delivery.list_price)} tidak dipotong)</>;
  return <>{formatRupiah(delivery.list_price)} (belum dipotong)</>;
}

/** When the send happened, in words that fit its status (a failed or skipped send was never handed over). */
function moment(d: TransactionDelivery): string {
  if (d.sent_at) return `Dikirim ${wibTextLong(d.sent_at, { seconds: true })}`;
  const at = wibTextLong(d.started_at, { seconds: true });
  if (d.status === "failed") return `Gagal ${at}`;
  if (d.status === "skipped") return `Dilewati ${at}`;
  return `Mulai ${at}`;
}

/** Why a send went through its vendor route, in the merchant's words (docs/routing.md). */
const ROUTE_REASONS: Record<string, string> = {
  only_route: "satu-satunya rute",
  priority: "prioritas",
  weight: "bobot",
  measured_conversion: "konversi terukur",
  exploration: "uji rute",
  failover: "rute sebelumnya gagal dihubungi",
};

/** The vendor route by name (never its credentials) and why it was chosen. */
function RouteLine({ delivery }: { delivery: TransactionDelivery }) {
  if (!delivery.route) return null;
  const why = delivery.route_reason ? (ROUTE_REASONS[delivery.route_reason] ?? delivery.route_reason) : null;
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="delivery-route">
      Rute: <span className="font-mono">{delivery.route}</span>
      {why ? ` (${why})` : null}
    </p>
  );
}

/** Each send of the OTP in order: the first channel, then each fallback, with why a free one was free. */
export function DeliveryTimeline({ deliveries }: { deliveries: TransactionDelivery[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Urutan pengiriman">
      {deliveries.map((d) => {
        const status = DELIVERY_STATUS[d.status] ?? { label: d.status, tone: "slate" as const, meaning: "" };
        const showReason = (d.status === "failed" || d.status === "skipped") && d.failure_reason;
        return (
          <li key={d.seq} data-testid="delivery" className="relative border-l-2 border-slate-200 pl-4">
            <span aria-hidden className="absolute -left-[5px] top-1.5 h-2 w-2 rounded-full bg-slate-400" />
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-medium">
                {d.seq}. {CHANNEL_LABELS[d.channel] ?? d.channel}
              </span>
              <Badge tone={status.tone}>{status.label}</Badge>
              {d.route_reason === "failover" ? (
                <span className="text-xs text-slate-500">rute cadangan</span>
              ) : d.seq > 1 ? (
                <span className="text-xs text-slate-500">cadangan</span>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {moment(d)} · <Cost delivery={d} />
            </p>
            <RouteLine delivery={d} />
            {showReason ? (
              <p className="mt-1 text-xs text-red-700 wrap-anywhere" data-testid="delivery-reason">
                {d.status === "skipped" ? "Dilewati" : "Alasan gagal"}: {d.failure_reason}
              </p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">{status.meaning}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
