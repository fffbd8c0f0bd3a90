import { OTP_STATUS_LABELS } from "@/components/format";
import { Badge } from "@/components/ui/primitives";

const TONES = { pending: "amber", sent: "blue", success: "green", failed: "red", verified: "green" } as const;

/** The status plus what else stops verification: expiry, or the failed attempts reaching the limit. */
export function OtpStatusBadge({ status, expired = false, locked = false }: { status: string; expired?: boolean; locked?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[status as keyof typeof TONES] ?? "slate"}>{OTP_STATUS_LABELS[status] ?? status}</Badge>
      {expired ? <Badge>Kedaluwarsa</Badge> : null}
      {locked && status !== "verified" ? <Badge tone="red">Terkunci</Badge> : null}
    </span>
  );
}
