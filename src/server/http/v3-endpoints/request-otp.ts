// POST /v3/request: an OTP whose code the server makes.
import { otpTransactionData, requestOtpBody } from "@/schemas/v3/otp";
import { examples } from "@/server/http/v3-endpoints/examples";
import { createOtp } from "@/server/services/otp/create-otp";
import { IDEMPOTENCY_WINDOW_HOURS, MISSCALL_CODE_LENGTH } from "@/server/services/otp/otp-rules";
import { defineEndpoint } from "../v3-endpoint";
import { CREATION_ERRORS, FALLBACK_TEXT, LOCALE_TEXT, ROUTES_TEXT } from "./creation-text";

export const requestOtpEndpoint = defineEndpoint({
  operationId: "requestOtp",
  method: "post",
  path: "/v3/request",
  summary: "Buat OTP dengan kode dari server",
  description:
    "Membuat kode dengan CSPRNG dan mengirimkannya lewat channel. HTTP 200 untuk hasil `sent` maupun `failed`: baca `data.status`. Pengiriman yang gagal tidak dipotong. " +
    `\`misscall\`: kodenya ${MISSCALL_CODE_LENGTH} digit terakhir nomor penelepon; \`verification.prefix\` adalah sisanya. \`whatsapp_inbound\`: status \`pending\`; pengguna mengirim \`verification.message\` ke \`verification.wa_number\`. ` +
    `Dengan \`external_id\`, pengulangan dalam ${IDEMPOTENCY_WINDOW_HOURS} jam dengan channel dan tujuan yang sama mengembalikan transaksi asli (tanpa pesan, tanpa biaya); parameter berbeda dijawab 409. ` +
    FALLBACK_TEXT +
    " " +
    ROUTES_TEXT +
    " " +
    LOCALE_TEXT,
  input: {
    from: "body",
    name: "RequestOtpBody",
    schema: requestOtpBody,
    invalidCodes: { channel: "INVALID_CHANNEL" },
    examples: { whatsapp: examples.requestBody, fallback: examples.fallbackBody, misscall: { channel: "misscall", destination: "6281234567890" }, whatsapp_inbound: { channel: "whatsapp_inbound" } },
  },
  response: {
    name: "OtpTransaction",
    schema: otpTransactionData,
    examples: {
      sent: examples.created,
      failover: examples.createdFailover,
      fallback: examples.createdFallback,
      misscall: examples.createdMisscall,
      whatsapp_inbound: examples.createdInbound,
      failed: examples.failed,
    },
  },
  errors: CREATION_ERRORS,
  countsRateLimit: true,
  handle: (ctx, creation) => createOtp(ctx.merchant, creation, { admission: ctx.admission, requestId: ctx.requestId }),
});
