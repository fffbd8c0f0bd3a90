import Link from "next/link";
import { WEBHOOK_DELIVERY_STATUS } from "@/components/dashboard/webhook-event-log";
import { Badge } from "@/components/ui/primitives";
import { wibTextLong } from "@/lib/wib-time";
import type { TransactionEvent } from "@/schemas/dashboard/transactions";
import { EVENT_TYPE_LABELS, type OtpEventType } from "@/schemas/v3/events";

function DeliveryState({ delivery }: { delivery: TransactionEvent["delivery"] }) {
  if (!delivery) return <span className="text-xs text-slate-500">Tidak dikirim: tidak ada endpoint aktif yang berlangganan saat event dibuat.</span>;
  const status = WEBHOOK_DELIVERY_STATUS[delivery.status];
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <Badge tone={status.tone}>{status.label}</Badge>
      {delivery.attempts === 0 ? "belum ada percobaan" : `${delivery.attempts} percobaan`}
      {delivery.resends > 0 ? ` · dikirim ulang ${delivery.resends}×` : ""}
    </span>
  );
}

/** The webhook events recorded about one OTP, each linking to its entry in the webhook log. */
export function OtpWebhookEvents({ otpId, events }: { otpId: string; events: TransactionEvent[] }) {
  if (events.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Belum ada event untuk OTP ini. Event selain otp.verified hanya dicatat bila endpoint Anda berlangganan tipenya; pilih di halaman{" "}
        <Link href="/webhooks" className="text-brand-600 hover:underline">
          Webhook
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {events.map((e) => (
        <li key={e.event_id} data-testid="otp-event" className="flex flex-col gap-1.5 rounded-md bg-slate-50 px-3 py-2">
          <div>
            <p className="text-sm">
              <span className="font-mono font-medium">{e.type}</span>
              <span className="text-slate-600"> · {EVENT_TYPE_LABELS[e.type as OtpEventType] ?? e.type}</span>
            </p>
            <p className="text-xs text-slate-500">{wibTextLong(e.created_at, { seconds: true })}</p>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <DeliveryState delivery={e.delivery} />
            <Link href={`/webhooks?otp=${encodeURIComponent(otpId)}#${e.event_id}`} className="text-xs text-brand-600 hover:underline" data-testid="otp-event-log-link">
              Lihat di log webhook
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
