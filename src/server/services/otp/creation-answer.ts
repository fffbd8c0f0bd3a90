// The creation answer for an OTP that already exists: a replay of its external_id, or
// a creation whose first send failed over to the next channel before answering. Both
// carry the OTP's sends (`deliveries`) like the first answer and GET /v3/otp/{otp_id}.
import type { OtpTransactionData } from "@/schemas/v3/otp";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import { duplicateExternalId, type Claim } from "./idempotency";
import { presentDelivery, type DeliveryFacts } from "./deliveries";
import { DELIVERIES_COLUMN, OTP_RECORD_COLUMNS } from "./otp-record-columns";
import { presentCharged, type OtpRecord } from "./present";

const readCreationStatement = namedQuery(
  "otp-replay",
  `SELECT ${OTP_RECORD_COLUMNS}, m.saldo::text AS saldo, ${DELIVERIES_COLUMN}
   FROM otp_transactions o JOIN merchants m ON m.id = o.merchant_id WHERE o.otp_id = $1 AND o.merchant_id = $2`,
);

/** The creation answer for an OTP as it now stands, with the current saldo and its sends, read in one statement. */
export async function readCreation(merchantId: number, otpId: string): Promise<OtpTransactionData> {
  const [row] = await runAutocommit<OtpRecord & { saldo: string; deliveries: DeliveryFacts[] }>(readCreationStatement, [otpId, merchantId]);
  if (!row) throw new AppError("INTERNAL_ERROR");
  return presentCharged(row, BigInt(row.saldo), row.deliveries.map(presentDelivery));
}

/** A replay returns the original transaction as it now stands; a different request under the same external_id is refused. */
export async function answerExistingClaim(merchantId: number, claim: Claim, fingerprint: string): Promise<OtpTransactionData> {
  if (claim.fingerprint !== fingerprint) throw duplicateExternalId(claim.otpId);
  const answer = await readCreation(merchantId, claim.otpId).catch(() => null);
  if (!answer) throw duplicateExternalId(claim.otpId);
  return answer;
}
