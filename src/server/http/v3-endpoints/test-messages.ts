// GET /v3/test/messages: the test world's sandbox messages, codes included.
import { TEST_MESSAGES_LIMIT, testMessagesData, testMessagesQuery } from "@/schemas/v3/test-mode";
import { examples } from "@/server/openapi/examples";
import { listTestMessages } from "@/server/services/test-mode/test-messages";
import { defineEndpoint } from "../v3-endpoint";

export const testMessagesEndpoint = defineEndpoint({
  operationId: "listTestMessages",
  method: "get",
  path: "/v3/test/messages",
  summary: "Mode uji: baca pesan yang dikirim sandbox, beserta kodenya",
  description:
    "Hanya untuk API key uji (`sk_test_…`); dengan API key live path ini dijawab 404 NOT_FOUND seolah tidak ada. Setiap OTP mode uji dikirim oleh sandbox, tidak pernah oleh vendor: baca pesannya di sini, terbaru lebih dulu, disaring dengan `otp_id` atau `destination` (tanpa filter: pesan terakhir mode uji Anda). CI Anda membuat OTP, membaca `code` di sini, lalu memverifikasinya.",
  testOnly: true,
  input: {
    from: "query",
    schema: testMessagesQuery,
    parameters: [
      { name: "otp_id", description: "Hanya pesan OTP ini", example: "OTP20261125ABCD000001", type: "string" },
      { name: "destination", description: "Hanya pesan ke nomor atau alamat e-mail ini", example: "6281234567890", type: "string" },
      { name: "limit", description: `Paling banyak sekian pesan (${TEST_MESSAGES_LIMIT.min}–${TEST_MESSAGES_LIMIT.max}, bawaan ${TEST_MESSAGES_LIMIT.default})`, example: 10, type: "integer" },
    ],
  },
  response: { name: "TestMessages", schema: testMessagesData, examples: { sms: examples.testMessages } },
  errors: [],
  handle: (ctx, query) => listTestMessages(ctx.merchant.id, query),
});
