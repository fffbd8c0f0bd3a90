// Every Prometheus metric Sandi exports, defined once per process. Next.js may
// load this module in more than one bundle (route handlers, instrumentation), so
// the set lives on globalThis: the worker started from instrumentation.ts and the
// /metrics route then count into the same registry.
//
// Labels are bounded by construction: route templates, HTTP status, error codes,
// channel, vendor and outcome names from code. Never a merchant id, destination,
// otp id or URL (docs/operations/metrics.md lists every series).
import { collectDefaultMetrics, Registry } from "prom-client";
import { CounterFamily, HistogramFamily } from "./metric-families";

/** Seconds; from a cached answer (a few ms) to the vendor timeout (5 s by default). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function define(registry: Registry) {
  return {
    registry,
    v3Requests: new CounterFamily(registry, "sandi_v3_requests_total", "Answered /v3 requests by route template, method, HTTP status and error code (empty on success).", ["route", "method", "status", "code"]),
    v3Duration: new HistogramFamily(registry, "sandi_v3_request_duration_seconds", "Time from receiving a /v3 request to its answer, by route template.", ["route"], LATENCY_BUCKETS),
    rateLimitRefusals: new CounterFamily(registry, "sandi_rate_limit_refusals_total", "Requests refused by a rate limit, by kind (api_key, destination, sign_in, sign_up, invitation_token).", ["kind"]),
    fraudRefusals: new CounterFamily(registry, "sandi_fraud_refusals_total", "Creations the fraud guard refused, by reason (geo, blocklist, prefix_spike, verified_nothing, signal_velocity) and the merchant's level (off, standard, max).", ["reason", "level"]),
    otpCreations: new CounterFamily(registry, "sandi_otp_creations_total", "OTP transactions created (charged and stored), by channel, provider and outcome (sent, success, failed, pending, vendor_unavailable, error).", ["channel", "provider", "outcome"]),
    deliveries: new CounterFamily(registry, "sandi_otp_deliveries_total", "Sends handed to a delivery vendor, by vendor and status (sent, success, failed, unavailable).", ["vendor", "status"]),
    receipts: new CounterFamily(registry, "sandi_delivery_receipts_total", "Delivery receipts received from vendors, by vendor and reported status (success, failed).", ["vendor", "status"]),
    vendorDuration: new HistogramFamily(registry, "sandi_vendor_request_duration_seconds", "Calls to delivery vendors, by vendor and outcome (ok, unavailable).", ["vendor", "outcome"], LATENCY_BUCKETS),
    verifications: new CounterFamily(registry, "sandi_otp_verifications_total", "POST /v3/verify outcomes by result (verified, mismatch, expired, already_used, too_many_attempts, not_found, invalid, error).", ["result"]),
    webhookAttempts: new CounterFamily(registry, "sandi_webhook_deliveries_total", "Webhook delivery attempts by outcome (succeeded, retry, failed: no retry left).", ["outcome"]),
    topupSettlements: new CounterFamily(registry, "sandi_topup_settlements_total", "Top-up settlements by source (gateway, sandbox, operator) and outcome (credited, duplicate: already paid, nothing added).", ["source", "outcome"]),
    retentionPurged: new CounterFamily(registry, "sandi_retention_purged_total", "Rows the retention jobs purged, by kind (otp_masked, webhook_event_masked, sandbox_message_deleted, idempotency_key_deleted, webhook_event_deleted).", ["kind"]),
  };
}

export type SandiMetrics = ReturnType<typeof define>;

const processWide = globalThis as unknown as { __sandiMetrics?: SandiMetrics };

export function sandiMetrics(): SandiMetrics {
  if (!processWide.__sandiMetrics) {
    const registry = new Registry();
    // Process CPU, memory, event-loop lag and GC: sampled by prom-client off the request path.
    collectDefaultMetrics({ register: registry });
    processWide.__sandiMetrics = define(registry);
  }
  return processWide.__sandiMetrics;
}
