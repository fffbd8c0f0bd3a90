// external_id claims: one live claim per merchant and external_id for 24 hours,
// enforced by the primary key, so concurrent duplicates collide in the database
// (the claim itself is written by the creation's reserve statement, reserve-creation.ts).
import { getEnv } from "@/env";
import type { Channel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import { hmacSha256Hex } from "@/server/lib/hashing";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { IDEMPOTENCY_WINDOW_HOURS } from "./otp-rules";

export type Claim = { otpId: string; fingerprint: string };

/**
 * What makes two creations "identical": channel, resolved destination
 * and, for send, the merchant's code. Keyed with the pepper because the send code is
 * part of it: a plain SHA-256 of a 4–8 digit code is brute-forced in milliseconds.
 */
export function creationFingerprint(channel: Channel, destination: string | null, suppliedCode: string | null): string {
  return hmacSha256Hex(getEnv().OTP_PEPPER, `fingerprint|${channel}|${destination ?? ""}|${suppliedCode ?? ""}`);
}

const liveClaim = namedQuery(
  "otp-live-claim",
  `SELECT otp_id, fingerprint FROM idempotency_keys
   WHERE merchant_id = $1 AND external_id = $2 AND created_at > now() - make_interval(hours => $3::int)`,
);

export async function findLiveClaim(merchantId: number, externalId: string): Promise<Claim | null> {
  const [row] = await runAutocommit<{ otp_id: string; fingerprint: string }>(liveClaim, [merchantId, externalId, IDEMPOTENCY_WINDOW_HOURS]);
  return row ? { otpId: row.otp_id, fingerprint: row.fingerprint } : null;
}

export function duplicateExternalId(existingOtpId: string): AppError {
  return new AppError("DUPLICATE_EXTERNAL_ID", undefined, { details: { existing_otp_id: existingOtpId } });
}
