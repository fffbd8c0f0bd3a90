// The dashboard's "Kirim OTP uji": a merchant sends an OTP to its own number or
// address and verifies the code it received, without writing code. It is a real
// OTP: created and verified by the same services as POST /v3/request and
// /v3/verify, with the same rules, limits and price, so what the merchant sees
// here is what its integration will get.
import { plainCreation } from "@/schemas/v3/creation";
import type { OtpTransactionData, VerifyResultData } from "@/schemas/v3/otp";
import type { TestOtpSend, TestOtpVerify } from "@/schemas/dashboard/test-otp";
import { loadMerchantProfile } from "@/server/services/merchants/profile";
import { createOtp } from "./create-otp";
import { verifyOtp } from "./verify-otp";

export async function sendTestOtp(merchantId: number, input: TestOtpSend): Promise<OtpTransactionData> {
  const merchant = await loadMerchantProfile(merchantId);
  // The destination was checked like a /v3 body's (testOtpSendInput); the rest are the API's defaults.
  return createOtp(merchant, plainCreation(input.channel, input.destination));
}

export async function verifyTestOtp(merchantId: number, input: TestOtpVerify): Promise<VerifyResultData> {
  return verifyOtp(await loadMerchantProfile(merchantId), input);
}
