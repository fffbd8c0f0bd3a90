// POST /v3/verify: one transaction of two statements. The row is locked and read in
// one (its answer read inside the transaction); the verification (with its otp.verified event and
// webhook delivery, the outbox) or the counted mismatch is written in the other, sent with
// the Sync that commits. Parallel
// verifies of one OTP give exactly one verified:true and count every mismatch exactly once.
import type { Channel, OtpStatus } from "@/generated/prisma/enums";
import { pipelinedTransaction, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { observeVerification } from "@/server/metrics/record";
import { noteVerified } from "@/server/services/fraud/verifications";
import { otpVerifiedEvent } from "./lifecycle-events";
import { outboxArrays, outboxCtes, subscribedOutboxCtes } from "@/server/services/webhooks/events";
import { otpEvent } from "./lifecycle-events";
import { verifyResultData, type VerifyInput, type VerifyResultData } from "@/schemas/v3/otp";
import { codeMatches } from "./code-hash";
import { OTP_ID_PATTERN } from "./otp-rules";

type LockedOtp = {
  id: string;
  status: OtpStatus;
  channel: Channel;
  destination: string | null;
  external_id: string | null;
  code_hash: string | null;
  attempts: number;
  max_attempts: number;
  expires_at: Date;
};

/** Written first (one wait): the row, locked for this transaction. */
const lockOtp = namedQuery(
  "verify-lock",
  `SELECT id::text, status, channel, destination, external_id, code_hash, attempts, max_attempts, expires_at
   FROM otp_transactions WHERE otp_id = $1::text AND merchant_id = $2::int FOR UPDATE`,
);

const markVerified = namedQuery(
  "verify-verified",
  `WITH verified AS (
     UPDATE otp_transactions SET status = 'verified', verified_at = $2::timestamptz, next_fallback_at = NULL, fallback_code = NULL, updated_at = now()
     WHERE id = $1::bigint RETURNING merchant_id
   ), ${outboxCtes("verified", 3)}
   SELECT 1 FROM verified`,
);

/** A counted mismatch; the one that reaches the limit ($2) locks the OTP: its fallback chain stops, and otp.locked goes to a subscribed endpoint. */
const countMismatch = namedQuery(
  "verify-mismatch",
  `WITH counted AS (
     UPDATE otp_transactions SET attempts = attempts + 1,
       next_fallback_at = CASE WHEN attempts + 1 >= $2::int THEN NULL ELSE next_fallback_at END,
       fallback_code = CASE WHEN attempts + 1 >= $2::int THEN NULL ELSE fallback_code END, updated_at = now()
     WHERE id = $1::bigint RETURNING merchant_id
   ), ${subscribedOutboxCtes("counted", 3)}
   SELECT 1 FROM counted`,
);

/** The world a key acts on (docs/test-mode.md): its id scopes the OTP, livemode goes into the event. */
export type VerifyingMerchant = { id: number; livemode: boolean };

export function verifyOtp(merchant: VerifyingMerchant, input: VerifyInput, now = new Date()): Promise<VerifyResultData> {
  return observeVerification(verifyOnce(merchant, input, now));
}

async function verifyOnce(merchant: VerifyingMerchant, input: VerifyInput, now: Date): Promise<VerifyResultData> {
  const { otpId, otp: code } = input;
  if (!OTP_ID_PATTERN.test(otpId)) throw new AppError("OTP_NOT_FOUND");
  // The row the right code verified; null after a mismatch.
  const outcome: { verified: LockedOtp | null } = { verified: null };
  await pipelinedTransaction((lockedRows) => {
    const row = lockedRows[0] as LockedOtp | undefined;
    if (!row) throw new AppError("OTP_NOT_FOUND");
    assertVerifiable(row, now);
    if (row.code_hash && codeMatches(otpId, code, row.code_hash)) {
      outcome.verified = row;
      const event = otpVerifiedEvent({ otpId, channel: row.channel, number: row.destination, verifiedAt: now, externalId: row.external_id }, merchant.livemode);
      return { sql: markVerified, values: [row.id, now, event.eventId, event.type, JSON.stringify(event.payload), now] };
    }
    const attempts = row.attempts + 1;
    const locked =
      attempts >= row.max_attempts
        ? [
            otpEvent(
              "otp.locked",
              { otpId, channel: row.channel, number: row.destination, status: row.status, externalId: row.external_id, attempts, expiresAt: row.expires_at },
              merchant.livemode,
              now,
            ),
          ]
        : [];
    return { sql: countMismatch, values: [row.id, row.max_attempts, ...outboxArrays(locked), now] };
  }, { lockFirst: { sql: lockOtp, values: [otpId, merchant.id] } });
  const matched = outcome.verified;
  if (!matched) return verifyResultData.parse({ otp_id: otpId, verified: false, reason: "mismatch" });
  void noteVerified(merchant.id, matched.channel, matched.destination, now);
  return verifyResultData.parse({ otp_id: otpId, verified: true, reason: "" });
}

function assertVerifiable(otp: LockedOtp, now: Date): void {
  // Verified answers ALREADY_USED whatever the channel (spec: "verified — any submission").
  if (otp.status === "verified") throw new AppError("ALREADY_USED");
  if (otp.channel === "whatsapp_inbound") {
    throw new AppError("VALIDATION_ERROR", "Transaksi whatsapp_inbound diverifikasi otomatis saat pesan WhatsApp pengguna diterima; pantau statusnya dengan GET /v3/otp/{otp_id}.");
  }
  if (otp.attempts >= otp.max_attempts) throw new AppError("TOO_MANY_ATTEMPTS");
  // A code that was never delivered cannot be verified; the merchant needs a new transaction.
  if (otp.status === "failed") throw new AppError("OTP_EXPIRED", "Pengiriman OTP ini gagal sehingga kode tidak dapat diverifikasi. Silakan minta kode baru.");
  if (now >= otp.expires_at) throw new AppError("OTP_EXPIRED");
}
