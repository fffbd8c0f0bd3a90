// POST /v3/send: an OTP with the merchant's own code.
import { OTP_DIGITS, otpTransactionData, sendOtpBody } from "@/schemas/v3/otp";
import { examples } from "@/server/http/v3-endpoints/examples";
import { createOtp } from "@/server/services/otp/create-otp";
import { defineEndpoint } from "../v3-endpoint";
import { CREATION_ERRORS, FALLBACK_TEXT, LOCALE_TEXT, ROUTES_TEXT } from "./creation-text";

export const sendOtpEndpoint = defineEndpoint({
  operationId: "sendOtp",
  method: "post",
  path: "/v3/send",
  summary: "Buat OTP dengan kode dari Anda",
  description: `Mengirim \`otp\` Anda (angka, ${OTP_DIGITS} digit) lewat \`whatsapp\`, \`sms\` atau \`email\`; kodenya tidak pernah dikembalikan. \`misscall\`, \`whatsapp_inbound\` dan \`voice\` dijawab 400 INVALID_CHANNEL. ${FALLBACK_TEXT + " " + ROUTES_TEXT + " " + LOCALE_TEXT}`,
  input: { from: "body", name: "SendOtpBody", schema: sendOtpBody, invalidCodes: { channel: "INVALID_CHANNEL" }, examples: { sms: examples.sendBody } },
  response: { name: "OtpTransaction", schema: otpTransactionData, examples: { sent: examples.createdFailover } },
  errors: CREATION_ERRORS,
  countsRateLimit: true,
  handle: (ctx, creation) => createOtp(ctx.merchant, creation, { admission: ctx.admission, requestId: ctx.requestId }),
});
