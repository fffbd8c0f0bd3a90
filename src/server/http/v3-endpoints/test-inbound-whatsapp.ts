// POST /v3/test/inbound-whatsapp: play the user of a test whatsapp_inbound OTP.
import { testInboundBody, testInboundData } from "@/schemas/v3/test-mode";
import { examples } from "@/server/openapi/examples";
import { receiveTestInbound } from "@/server/services/test-mode/test-inbound";
import { defineEndpoint } from "../v3-endpoint";

export const testInboundEndpoint = defineEndpoint({
  operationId: "sendTestInboundWhatsapp",
  method: "post",
  path: "/v3/test/inbound-whatsapp",
  summary: "Mode uji: kirim pesan WhatsApp pengguna untuk OTP whatsapp_inbound",
  description:
    "Hanya untuk API key uji (404 NOT_FOUND dengan API key live). Berperan sebagai pengguna OTP `whatsapp_inbound` mode uji: pesan dicocokkan dengan jalur yang sama seperti pesan WhatsApp masuk sungguhan (teks utuh, sebelum kedaluwarsa, dari nomor tujuan bila OTP punya tujuan) dan, bila cocok, OTP terverifikasi dan `otp.verified` dikirim ke webhook mode uji Anda.",
  testOnly: true,
  input: { from: "body", name: "TestInboundBody", schema: testInboundBody, examples: { message: examples.testInboundBody } },
  response: { name: "TestInboundResult", schema: testInboundData, examples: { matched: examples.testInboundResult } },
  errors: [],
  handle: (ctx, message) => receiveTestInbound(ctx.merchant.id, message),
});
