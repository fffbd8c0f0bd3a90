// The calls the rest of the code makes to count what happened. Each is one line
// at its call site (the /v3 wrapper, OTP creation and verification, vendor
// calls, receipts, webhook attempts, settlements, throttles, retention) and does
// no I/O: a lookup of a cached cell and an addition. Outcomes are derived here,
// so the services only hand over what they already have.
import { getEnv } from "@/env";
import { isAppError } from "@/server/errors";
import { sandiMetrics } from "./registry";
import { v3RouteLabel } from "./v3-route-label";

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Refusals by a limit, counted from the /v3 error codes themselves. */
const RATE_LIMIT_KIND: Record<string, string> = { RATE_LIMITED: "api_key", DESTINATION_RATE_LIMITED: "destination" };

/**
 * METRICS_HOT_PATH=0 stops counting on the /v3 path (requests, creations,
 * verifications): only so the bench can measure what counting costs (docs/performance.md).
 */
const countsHotPath = () => getEnv().METRICS_HOT_PATH;

/** One answered /v3 request; `startedMs` is the performance.now() taken when it arrived. */
export function recordV3Request(requestMethod: string, path: string, status: number, errorCode: string | undefined, startedMs: number): void {
  if (!countsHotPath()) return;
  const m = sandiMetrics();
  const route = v3RouteLabel(path);
  const method = KNOWN_METHODS.has(requestMethod) ? requestMethod : "other";
  m.v3Requests.inc(route, method, status, errorCode ?? "");
  m.v3Duration.at(route).observe((performance.now() - startedMs) / 1000);
  if (errorCode && RATE_LIMIT_KIND[errorCode]) m.rateLimitRefusals.inc(RATE_LIMIT_KIND[errorCode]);
}

export type RateLimitKind = "api_key" | "destination" | "sign_in" | "sign_up" | "invitation_token";

export function recordRateLimitRefusal(kind: RateLimitKind): void {
  sandiMetrics().rateLimitRefusals.inc(kind);
}

/** A creation the fraud guard refused; no merchant label (cardinality), the block log has who. */
export function recordFraudRefusal(reason: string, level: string): void {
  sandiMetrics().fraudRefusals.inc(reason, level);
}

/**
 * Counts a creation once its row is stored and charged: by the status it was
 * answered with, or as vendor_unavailable when the vendor could not be reached
 * (the charge was refunded). Every outcome but `pending` (whatsapp_inbound, where
 * nothing is sent) was a send to `provider`, counted in the deliveries too.
 */
export async function observeOtpCreation<T extends { status: string }>(channel: string, provider: string, created: Promise<T>): Promise<T> {
  if (!countsHotPath()) return created;
  const m = sandiMetrics();
  try {
    const data = await created;
    m.otpCreations.inc(channel, provider, data.status);
    if (data.status !== "pending") m.deliveries.inc(provider, data.status);
    return data;
  } catch (err) {
    const unavailable = isAppError(err) && err.code === "CHANNEL_UNAVAILABLE";
    m.otpCreations.inc(channel, provider, unavailable ? "vendor_unavailable" : "error");
    if (unavailable) m.deliveries.inc(provider, "unavailable");
    throw err;
  }
}

const VERIFY_RESULT: Record<string, string> = {
  OTP_EXPIRED: "expired",
  ALREADY_USED: "already_used",
  TOO_MANY_ATTEMPTS: "too_many_attempts",
  OTP_NOT_FOUND: "not_found",
  VALIDATION_ERROR: "invalid",
};

/** Counts one verification by its result: verified, mismatch, or why it was refused. */
export async function observeVerification<T extends { verified: boolean }>(result: Promise<T>): Promise<T> {
  if (!countsHotPath()) return result;
  const m = sandiMetrics();
  try {
    const data = await result;
    m.verifications.inc(data.verified ? "verified" : "mismatch");
    return data;
  } catch (err) {
    m.verifications.inc((isAppError(err) && VERIFY_RESULT[err.code]) || "error");
    throw err;
  }
}

/** One call to a delivery vendor; `startedMs` from performance.now(). */
export function recordVendorCall(vendor: string, ok: boolean, startedMs: number): void {
  sandiMetrics()
    .vendorDuration.at(vendor, ok ? "ok" : "unavailable")
    .observe((performance.now() - startedMs) / 1000);
}

export function recordReceipt(vendor: string, status: "success" | "failed"): void {
  sandiMetrics().receipts.inc(vendor, status);
}

/** One recorded webhook attempt, by the delivery's status after it. */
export function recordWebhookAttempt(status: "succeeded" | "pending" | "failed"): void {
  sandiMetrics().webhookAttempts.inc(status === "pending" ? "retry" : status);
}

export async function observeSettlement<T extends { credited: boolean }>(source: string, settled: Promise<T>): Promise<T> {
  const result = await settled;
  sandiMetrics().topupSettlements.inc(source, result.credited ? "credited" : "duplicate");
  return result;
}

export function recordRetentionPurge(
  kind: "otp_masked" | "webhook_event_masked" | "sandbox_message_deleted" | "idempotency_key_deleted" | "webhook_event_deleted",
  rows: number,
): void {
  if (rows > 0) sandiMetrics().retentionPurged.at(kind).value += rows;
}
