// Per-destination creation limits (decisions.md), checked inside the creation
// transaction under an advisory lock on (merchant, destination) so concurrent
// requests cannot slip past the count together.
import type { Channel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import type { Tx } from "@/server/services/credits/ledger";
import { DESTINATION_LIMITS, limitClassOf } from "./otp-rules";

/** Creations refused because the vendor was unreachable answered 503 and do not count. */
export const VENDOR_UNAVAILABLE_REASON = "vendor_unavailable";

export async function enforceDestinationLimits(tx: Tx, merchantId: number, channel: Channel, destination: string | null): Promise<void> {
  if (destination === null) return; // unbound whatsapp_inbound has no destination limit
  const limits = DESTINATION_LIMITS[limitClassOf(channel)];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${destination}`}, 0))`;
  const [counts] = await tx.$queryRaw<{ last_10m: bigint; last_hour: bigint }[]>`
    SELECT count(*) FILTER (WHERE created_at > now() - interval '10 minutes') AS last_10m,
           count(*) AS last_hour
    FROM otp_transactions
    WHERE merchant_id = ${merchantId} AND destination = ${destination}
      AND channel::text = ANY(${limits.channels})
      AND created_at > now() - interval '1 hour'
      AND failure_reason IS DISTINCT FROM ${VENDOR_UNAVAILABLE_REASON}`;
  if (Number(counts.last_10m) >= limits.per10Minutes || Number(counts.last_hour) >= limits.perHour) {
    throw new AppError(
      "DESTINATION_RATE_LIMITED",
      `Batas pengiriman ke tujuan ini tercapai (${limits.per10Minutes} per 10 menit dan ${limits.perHour} per jam). Coba lagi nanti.`,
    );
  }
}
