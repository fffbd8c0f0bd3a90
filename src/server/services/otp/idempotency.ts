// external_id claims: one live claim per merchant and external_id for 24 hours,
// enforced by the primary key, so concurrent duplicates collide in the database.
import { getEnv } from "@/env";
import type { Channel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import { hmacSha256Hex } from "@/server/lib/hashing";
import type { Tx } from "@/server/services/credits/ledger";
import { IDEMPOTENCY_WINDOW_HOURS } from "./otp-rules";

export type Claim = { otpId: string; fingerprint: string };

/**
 * What makes two creations "identical" (decisions.md): channel, resolved destination
 * and, for send, the merchant's code. Keyed with the pepper because the send code is
 * part of it: a plain SHA-256 of a 4–8 digit code is brute-forced in milliseconds.
 */
export function creationFingerprint(channel: Channel, destination: string | null, suppliedCode: string | null): string {
  return hmacSha256Hex(getEnv().OTP_PEPPER, `fingerprint|${channel}|${destination ?? ""}|${suppliedCode ?? ""}`);
}

export async function findLiveClaim(tx: Tx, merchantId: number, externalId: string): Promise<Claim | null> {
  const rows = await tx.$queryRaw<{ otp_id: string; fingerprint: string }[]>`
    SELECT otp_id, fingerprint FROM idempotency_keys
    WHERE merchant_id = ${merchantId} AND external_id = ${externalId}
      AND created_at > now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
  return rows[0] ? { otpId: rows[0].otp_id, fingerprint: rows[0].fingerprint } : null;
}

/** Claims the key for otpId (taking over a claim older than the window); returns the live claim of another transaction otherwise. */
export async function claimExternalId(tx: Tx, merchantId: number, externalId: string, otpId: string, fingerprint: string): Promise<Claim | null> {
  const claimed = await tx.$queryRaw<{ otp_id: string }[]>`
    INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
    VALUES (${merchantId}, ${externalId}, ${otpId}, ${fingerprint}, now())
    ON CONFLICT (merchant_id, external_id) DO UPDATE
      SET otp_id = EXCLUDED.otp_id, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
    RETURNING otp_id`;
  if (claimed.length > 0) return null;
  return findLiveClaim(tx, merchantId, externalId);
}

export async function releaseClaim(tx: Tx, merchantId: number, externalId: string, otpId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM idempotency_keys WHERE merchant_id = ${merchantId} AND external_id = ${externalId} AND otp_id = ${otpId}`;
}

export function duplicateExternalId(existingOtpId: string): AppError {
  return new AppError("DUPLICATE_EXTERNAL_ID", undefined, { details: { existing_otp_id: existingOtpId } });
}
