// @sandi/node: the Sandi OTP API for Node.js 18+, no dependencies.
export { Sandi, Sandi as default, OPERATION_METHODS, VERSION } from "./client.js";
export type * from "./client.js";
export { SandiError, SandiConnectionError, WebhookVerificationError, type ClientErrorCode, type SandiErrorInit } from "./errors.js";
export * from "./generated/errors.js";
export { ENDPOINTS, ERROR_STATUS, type ErrorCode, type OperationId } from "./generated/api.js";
export type { RetryInfo } from "./http.js";
export { sign as signWebhook, verify as verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, type WebhookEvent, type WebhookHeaders } from "./webhooks.js";
export type { Camelize } from "./case.js";
