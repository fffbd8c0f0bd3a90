import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { OtpDetailData } from "@/schemas/v3/otp";
import { OTP_ID_PATTERN } from "./otp-rules";
import { presentDetail } from "./present";

/** GET /v3/otp/{otp_id}: read-only; another merchant's id is indistinguishable from an unknown one. */
export async function getOtp(merchantId: number, otpId: string): Promise<OtpDetailData> {
  const db = await getDb();
  const otp = OTP_ID_PATTERN.test(otpId) ? await db.otpTransaction.findFirst({ where: { otpId, merchantId } }) : null;
  if (!otp) throw new AppError("OTP_NOT_FOUND");
  return presentDetail(otp);
}
