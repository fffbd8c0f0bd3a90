import { runAlone, statement } from "@/server/db/sql";
import { AppError } from "@/server/errors";
import type { OtpDetailData } from "@/schemas/v3/otp";
import { OTP_FIELDS } from "./otp-fields";
import { OTP_ID_PATTERN } from "./otp-rules";
import { presentDetail, type OtpFields } from "./present";

const readOtp = statement("otp-read", `SELECT ${OTP_FIELDS} FROM otp_transactions o WHERE o.otp_id = $1 AND o.merchant_id = $2`);

/** GET /v3/otp/{otp_id}: read-only; another merchant's id is indistinguishable from an unknown one. */
export async function getOtp(merchantId: number, otpId: string): Promise<OtpDetailData> {
  const [otp] = OTP_ID_PATTERN.test(otpId) ? await runAlone<OtpFields>(readOtp, [otpId, merchantId]) : [];
  if (!otp) throw new AppError("OTP_NOT_FOUND");
  return presentDetail(otp);
}
