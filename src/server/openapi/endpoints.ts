// Every /v3 endpoint, in the order the OpenAPI document and the /docs page list them.
// Each is declared once in src/server/http/v3-endpoints/ (see v3-endpoint.ts).
import type { V3Endpoint } from "@/server/http/v3-endpoint";
import { addFraudListEntryEndpoint } from "@/server/http/v3-endpoints/add-fraud-list-entry";
import { createTopupEndpoint } from "@/server/http/v3-endpoints/create-topup";
import { getAccountEndpoint } from "@/server/http/v3-endpoints/get-account";
import { getFraudListEndpoint } from "@/server/http/v3-endpoints/get-fraud-list";
import { getOtpEndpoint } from "@/server/http/v3-endpoints/get-otp";
import { insightsSummaryEndpoint } from "@/server/http/v3-endpoints/insights-summary";
import { removeFraudListEntryEndpoint } from "@/server/http/v3-endpoints/remove-fraud-list-entry";
import { requestOtpEndpoint } from "@/server/http/v3-endpoints/request-otp";
import { sendOtpEndpoint } from "@/server/http/v3-endpoints/send-otp";
import { testInboundEndpoint } from "@/server/http/v3-endpoints/test-inbound-whatsapp";
import { testMessagesEndpoint } from "@/server/http/v3-endpoints/test-messages";
import { testReceiptsEndpoint } from "@/server/http/v3-endpoints/test-receipts";
import { verifyOtpEndpoint } from "@/server/http/v3-endpoints/verify-otp";
import { createTemplateEndpoint, deleteTemplateEndpoint, getTemplateEndpoint, listTemplatesEndpoint, updateTemplateEndpoint } from "@/server/http/v3-endpoints/templates";

export const endpoints = [
  requestOtpEndpoint,
  sendOtpEndpoint,
  verifyOtpEndpoint,
  getOtpEndpoint,
  getAccountEndpoint,
  createTopupEndpoint,
  listTemplatesEndpoint,
  createTemplateEndpoint,
  getTemplateEndpoint,
  updateTemplateEndpoint,
  deleteTemplateEndpoint,
  testMessagesEndpoint,
  testInboundEndpoint,
  testReceiptsEndpoint,
  insightsSummaryEndpoint,
  getFraudListEndpoint,
  addFraudListEntryEndpoint,
  removeFraudListEntryEndpoint,
] as V3Endpoint[];
