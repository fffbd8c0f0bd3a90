// otp.expired: within a minute after an unverified OTP's expires_at, for merchants whose
// endpoint subscribes to it. Each OTP is marked once (expired_event_at) under its row
// lock, so several workers never record it twice. Only the last hour is looked at: an
// OTP that expired while no worker ran for longer than that gets no event.
import { getDb } from "@/server/db/client";
import { TTL_SECONDS } from "@/schemas/v3/otp-limits";
import type { OtpStatus, Channel } from "@/generated/prisma/enums";
import { recordOtpEvent, stateOfRow } from "./lifecycle-events";

const BATCH = 200;
const LOOK_BACK_MS = 60 * 60_000;

export async function emitExpiredEvents(now = new Date()): Promise<number> {
  const db = await getDb();
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  // created_at bounds the scan to the (merchant_id, created_at) index: an OTP lives at most TTL_SECONDS.max.
  const createdSince = new Date(since.getTime() - TTL_SECONDS.max * 1000);
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: bigint; merchant_id: number; otp_id: string; channel: Channel; destination: string | null; verified_from: string | null; status: OtpStatus; external_id: string | null; attempts: number; expires_at: Date }[]
    >`
      SELECT o.id, o.merchant_id, o.otp_id, o.channel, o.destination, o.verified_from, o.status, o.external_id, o.attempts, o.expires_at
      FROM webhook_endpoints e JOIN otp_transactions o ON o.merchant_id = e.merchant_id
      WHERE e.enabled AND 'otp.expired' = ANY(e.event_types)
        AND o.created_at > ${createdSince} AND o.expires_at <= ${now} AND o.expires_at > ${since}
        AND o.status <> 'verified' AND o.expired_event_at IS NULL
      ORDER BY o.expires_at LIMIT ${BATCH}
      FOR UPDATE OF o SKIP LOCKED`;
    for (const o of rows) {
      await tx.otpTransaction.update({ where: { id: o.id }, data: { expiredEventAt: now, nextFallbackAt: null, fallbackCode: null } });
      await recordOtpEvent(
        tx,
        o.merchant_id,
        "otp.expired",
        stateOfRow(o),
        now,
      );
    }
    return rows.length;
  });
}
