// GET /v3/otp/{otp_id}: read one OTP transaction.
import { otpDetailData } from "@/schemas/v3/otp";
import { examples } from "@/server/openapi/examples";
import { getOtp } from "@/server/services/otp/get-otp";
import { defineEndpoint } from "../v3-endpoint";

export const getOtpEndpoint = defineEndpoint({
  operationId: "getOtp",
  method: "get",
  path: "/v3/otp/{otp_id}",
  summary: "Baca transaksi OTP",
  description:
    "Hanya membaca dan aman dipanggil berulang: tidak mencatat percobaan dan tidak memotong saldo. `attempts` menghitung verifikasi yang gagal; `verified_at` bernilai \"\" sampai terverifikasi. ID milik merchant lain dijawab OTP_NOT_FOUND.",
  pathParameters: [{ name: "otp_id", description: "Dari respons pembuatan OTP", example: examples.detail.otp_id }],
  response: { name: "OtpTransactionDetail", schema: otpDetailData, examples: { verified: examples.detail, fallback: examples.detailFallback } },
  errors: ["OTP_NOT_FOUND"],
  // The route folder names the segment otpId (src/app/v3/otp/[otpId]).
  handle: (ctx) => getOtp(ctx.merchant.id, ctx.params.otpId ?? ""),
});
