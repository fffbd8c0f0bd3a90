import { runAutocommit, namedQuery } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import type { OtpDetailData } from "@/schemas/v3/otp";
import { presentDelivery, type DeliveryFacts } from "./deliveries";
import { DELIVERIES_COLUMN, OTP_RECORD_COLUMNS } from "./otp-record-columns";
import { OTP_ID_PATTERN } from "./otp-rules";
import { presentDetail, type OtpRecord } from "./present";

const readOtp = namedQuery(
  "otp-read",
  `SELECT ${OTP_RECORD_COLUMNS}, ${DELIVERIES_COLUMN}
   FROM otp_transactions o WHERE o.otp_id = $1 AND o.merchant_id = $2`,
);

/** GET /v3/otp/{otp_id}: read-only; another merchant's id is indistinguishable from an unknown one. */
export async function getOtp(merchantId: number, otpId: string): Promise<OtpDetailData> {
  const [otp] = OTP_ID_PATTERN.test(otpId) ? await runAutocommit<OtpRecord & { deliveries: DeliveryFacts[] }>(readOtp, [otpId, merchantId]) : [];
  if (!otp) throw new AppError("OTP_NOT_FOUND");
  return presentDetail(otp, otp.deliveries.map(presentDelivery));
}
