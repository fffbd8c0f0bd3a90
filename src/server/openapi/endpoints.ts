// The /v3 endpoints as data: one source for the OpenAPI document and the /docs page.
import type { z } from "zod";
import type { V3ErrorCode } from "@/schemas/v3/envelope";
import { accountData } from "@/schemas/v3/account";
import { otpDetailData, otpTransactionData, requestOtpBody, sendOtpBody, verifyOtpBody, verifyResultData } from "@/schemas/v3/otp";
import { testInboundBody, testInboundData, testMessagesData, testReceiptBody, testReceiptData } from "@/schemas/v3/test-mode";
import { createTopupBody, topupInvoiceData } from "@/schemas/v3/topups";
import { examples } from "./examples";

export type Endpoint = {
  operationId: string;
  method: "get" | "post";
  path: string;
  summary: string;
  description: string;
  pathParameters?: { name: string; description: string; example: string }[];
  queryParameters?: { name: string; description: string; example: string; type: "string" | "integer" }[];
  request?: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  response: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  errors: V3ErrorCode[];
};

// Every endpoint: the wrapper's checks (key, IP, rate) and its answers to a wrong method or a crash.
const COMMON: V3ErrorCode[] = ["UNAUTHORIZED", "IP_NOT_ALLOWED", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR"];
const BODY: V3ErrorCode[] = ["VALIDATION_ERROR", "PAYLOAD_TOO_LARGE"];
const CREATION: V3ErrorCode[] = [...BODY, "INVALID_CHANNEL", "INVALID_NUMBER", "INSUFFICIENT_BALANCE", "DUPLICATE_EXTERNAL_ID", "DESTINATION_RATE_LIMITED", "CHANNEL_UNAVAILABLE", ...COMMON];

export const endpoints: Endpoint[] = [
  {
    operationId: "requestOtp",
    method: "post",
    path: "/v3/request",
    summary: "Create an OTP with a server-generated code",
    description:
      "Generates a code with a CSPRNG and delivers it over the channel. HTTP 200 for both `sent` and `failed` outcomes: read `data.status`. A failed delivery is not charged. " +
      "`misscall`: the code is the trailing 4 digits of the calling number; `verification.prefix` is the rest. `whatsapp_inbound`: status `pending`; the user sends `verification.message` to `verification.wa_number`. " +
      "With `external_id`, a repeat within 24 hours with the same channel and destination replays the original transaction (no message, no charge); different parameters answer 409.",
    request: { name: "RequestOtpBody", schema: requestOtpBody, examples: { whatsapp: examples.requestBody, misscall: { channel: "misscall", destination: "6281234567890" }, whatsapp_inbound: { channel: "whatsapp_inbound" } } },
    response: { name: "OtpTransaction", schema: otpTransactionData, examples: { sent: examples.created, misscall: examples.createdMisscall, whatsapp_inbound: examples.createdInbound, failed: examples.failed } },
    errors: CREATION,
  },
  {
    operationId: "sendOtp",
    method: "post",
    path: "/v3/send",
    summary: "Create an OTP with a code you supply",
    description: "Delivers your `otp` (digits, 4 to 8) over `whatsapp`, `sms` or `email`; the code is never echoed. `misscall`, `whatsapp_inbound` and `voice` answer 400 INVALID_CHANNEL.",
    request: { name: "SendOtpBody", schema: sendOtpBody, examples: { sms: examples.sendBody } },
    response: { name: "OtpTransaction", schema: otpTransactionData, examples: { sent: { ...examples.created, channel: "sms", price: 450, last_balance: 99550 } } },
    errors: CREATION,
  },
  {
    operationId: "verifyOtp",
    method: "post",
    path: "/v3/verify",
    summary: "Verify what the user entered",
    description:
      "A mismatch is not an error: HTTP 200 with `verified: false` and `reason: \"mismatch\"`, counted as an attempt. After 5 failed attempts (2 for `misscall`) every call answers TOO_MANY_ATTEMPTS. A successful verification emits `otp.verified`. Not for `whatsapp_inbound`, which is verified automatically: a pending one answers VALIDATION_ERROR, a matched one ALREADY_USED.",
    request: { name: "VerifyOtpBody", schema: verifyOtpBody, examples: { verify: examples.verifyBody } },
    response: { name: "VerificationResult", schema: verifyResultData, examples: { verified: examples.verified, mismatch: examples.mismatch } },
    errors: [...BODY, "OTP_NOT_FOUND", "OTP_EXPIRED", "TOO_MANY_ATTEMPTS", "ALREADY_USED", ...COMMON],
  },
  {
    operationId: "getOtp",
    method: "get",
    path: "/v3/otp/{otp_id}",
    summary: "Read an OTP transaction",
    description: "Read-only and safe to poll: records no attempt and charges nothing. `attempts` counts failed verifications; `verified_at` is \"\" until verified. Another merchant's id answers OTP_NOT_FOUND.",
    pathParameters: [{ name: "otp_id", description: "From the creation response", example: examples.detail.otp_id }],
    response: { name: "OtpTransactionDetail", schema: otpDetailData, examples: { verified: examples.detail } },
    errors: ["OTP_NOT_FOUND", ...COMMON],
  },
  {
    operationId: "getAccount",
    method: "get",
    path: "/v3/account",
    summary: "Read your account and credit balance",
    description: "Never includes API keys, the password, the webhook secret or internal ids.",
    response: { name: "Account", schema: accountData, examples: { account: examples.account } },
    errors: COMMON,
  },
  {
    operationId: "createTopup",
    method: "post",
    path: "/v3/topups",
    summary: "Create a credit top-up invoice",
    description:
      "Call from your server only. `amount` is one of 10000, 100000, 500000, 1000000, 2000000; without `payment_method_id` the first active method supporting the amount is used. `payment_total` includes the admin fee; `amount` is what is credited once the payment is confirmed. Open `payment_url` (no login) to pay by QRIS or bank virtual account within 3 hours. A payment gateway failure answers 500 INTERNAL_ERROR and creates nothing.",
    request: { name: "CreateTopupBody", schema: createTopupBody, examples: { qris: examples.topupBody, virtual_account: examples.topupBodyWithMethod } },
    response: { name: "TopupInvoice", schema: topupInvoiceData, examples: { qris: examples.topup, virtual_account: examples.topupVa } },
    errors: [...BODY, ...COMMON],
  },
  {
    operationId: "listTestMessages",
    method: "get",
    path: "/v3/test/messages",
    summary: "Test mode: read the messages the sandbox sent, with their codes",
    description:
      "Test keys (`sk_test_…`) only; for a live key this path answers 404 NOT_FOUND as if it did not exist. Every test-mode OTP is delivered by the sandbox, never by a vendor: read its message here, newest first, filtered by `otp_id` or `destination` (without a filter, the latest messages of your test mode). Your CI creates an OTP, reads `code` here and verifies it.",
    queryParameters: [
      { name: "otp_id", description: "Only the messages of this OTP", example: "OTP20261125ABCD000001", type: "string" },
      { name: "destination", description: "Only the messages to this number or e-mail address", example: "6281234567890", type: "string" },
      { name: "limit", description: "At most this many messages (1–500, default 100)", example: "10", type: "integer" },
    ],
    response: { name: "TestMessages", schema: testMessagesData, examples: { sms: examples.testMessages } },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "sendTestInboundWhatsapp",
    method: "post",
    path: "/v3/test/inbound-whatsapp",
    summary: "Test mode: send the user's WhatsApp message for a whatsapp_inbound OTP",
    description:
      "Test keys only (404 NOT_FOUND for a live key). Plays the user of a test `whatsapp_inbound` OTP: the message goes through the same matching as a real inbound WhatsApp message (unchanged text, before expiry, from the bound number when the OTP has a destination) and, when it matches, verifies the OTP and sends `otp.verified` to your test webhook.",
    request: { name: "TestInboundBody", schema: testInboundBody, examples: { message: examples.testInboundBody } },
    response: { name: "TestInboundResult", schema: testInboundData, examples: { matched: examples.testInboundResult } },
    errors: [...BODY, "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "sendTestReceipt",
    method: "post",
    path: "/v3/test/receipts",
    summary: "Test mode: report a delivery receipt for a test OTP",
    description:
      "Test keys only (404 NOT_FOUND for a live key). Moves a `sent` test OTP as a vendor's receipt would: `delivered` to `success`, `failed` to `failed` with the charge returned to the test saldo. Any other state is left as it is. An OTP of another merchant or of live mode is OTP_NOT_FOUND.",
    request: { name: "TestReceiptBody", schema: testReceiptBody, examples: { failed: examples.testReceiptBody } },
    response: { name: "TestReceiptResult", schema: testReceiptData, examples: { failed: examples.testReceiptResult } },
    errors: [...BODY, "OTP_NOT_FOUND", "NOT_FOUND", ...COMMON],
  },
];
