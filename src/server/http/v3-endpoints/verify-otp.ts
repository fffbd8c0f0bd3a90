// POST /v3/verify: check the code a user typed.
import { verifyOtpBody, verifyResultData } from "@/schemas/v3/otp";
import { examples } from "@/server/openapi/examples";
import { maxAttemptsFor } from "@/server/services/otp/otp-rules";
import { verifyOtp } from "@/server/services/otp/verify-otp";
import { defineEndpoint } from "../v3-endpoint";

export const verifyOtpEndpoint = defineEndpoint({
  operationId: "verifyOtp",
  method: "post",
  path: "/v3/verify",
  summary: "Verifikasi kode yang dimasukkan pengguna",
  description: `Kode yang tidak cocok bukan error: HTTP 200 dengan \`verified: false\` dan \`reason: "mismatch"\`, dihitung sebagai percobaan. Setelah ${maxAttemptsFor("sms")} percobaan gagal (${maxAttemptsFor("misscall")} untuk \`misscall\`) setiap panggilan dijawab TOO_MANY_ATTEMPTS. Verifikasi yang berhasil memicu webhook \`otp.verified\`. Bukan untuk \`whatsapp_inbound\`, yang terverifikasi otomatis: yang masih menunggu dijawab VALIDATION_ERROR, yang sudah cocok ALREADY_USED.`,
  input: { from: "body", name: "VerifyOtpBody", schema: verifyOtpBody, examples: { verify: examples.verifyBody } },
  response: { name: "VerificationResult", schema: verifyResultData, examples: { verified: examples.verified, mismatch: examples.mismatch } },
  errors: ["OTP_NOT_FOUND", "OTP_EXPIRED", "TOO_MANY_ATTEMPTS", "ALREADY_USED"],
  handle: (ctx, input) => verifyOtp(ctx.merchant, input),
});
