// The /v3 endpoints as data: one source for the OpenAPI document and the /docs page.
import type { z } from "zod";
import type { V3ErrorCode } from "@/schemas/v3/envelope";
import { accountData } from "@/schemas/v3/account";
import { otpDetailData, otpTransactionData, requestOtpBody, sendOtpBody, verifyOtpBody, verifyResultData } from "@/schemas/v3/otp";
import { createTopupBody, topupInvoiceData } from "@/schemas/v3/topups";
import { examples } from "./examples";

export type Endpoint = {
  operationId: string;
  method: "get" | "post";
  path: string;
  summary: string;
  description: string;
  pathParameters?: { name: string; description: string; example: string }[];
  request?: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  response: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  errors: V3ErrorCode[];
};

// Every endpoint: the wrapper's checks (key, IP, rate) and its answers to a wrong method or a crash.
const COMMON: V3ErrorCode[] = ["UNAUTHORIZED", "IP_NOT_ALLOWED", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR"];
const BODY: V3ErrorCode[] = ["VALIDATION_ERROR", "PAYLOAD_TOO_LARGE"];
const CREATION: V3ErrorCode[] = [...BODY, "INVALID_CHANNEL", "INVALID_NUMBER", "INSUFFICIENT_BALANCE", "DUPLICATE_EXTERNAL_ID", "GEO_NOT_ALLOWED", "FRAUD_BLOCKED", "DESTINATION_RATE_LIMITED", "CHANNEL_UNAVAILABLE", ...COMMON];

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
];
