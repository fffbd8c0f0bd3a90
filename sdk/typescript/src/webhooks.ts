// Standard Webhooks (https://www.standardwebhooks.com/): `webhook-id`, `webhook-timestamp`
// and `webhook-signature` ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", space-separated
// while a rotated-out secret still signs), keyed with the base64 after `whsec_`.
import { createHmac, timingSafeEqual } from "node:crypto";
import { camelize, type Camelize } from "./case.js";
import { WebhookVerificationError } from "./errors.js";
import type { OtpEvent } from "./generated/api.js";

/** How far a timestamp may be from now, either way, before the message counts as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;
export type WebhookEvent = Camelize<OtpEvent>;
export type VerifyOptions = { toleranceSeconds?: number; now?: Date };

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(" ") : (v ?? null);
  }
  return null;
}

/** The signature a message should carry ("v1,…"), for tests and for signing your own fixtures. */
export function sign(secret: string, id: string, timestamp: number | string, body: string | Uint8Array): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const hmac = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(typeof body === "string" ? body : Buffer.from(body));
  return `v1,${hmac.digest("base64")}`;
}

/**
 * Checks a delivery against the raw body (the bytes as received, before any JSON parsing)
 * and returns the event, camelCased. Throws WebhookVerificationError otherwise.
 */
export function verify(body: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): WebhookEvent {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("Invalid webhook-timestamp");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError("Webhook timestamp outside the tolerance (replayed or clock skew)");
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), "base64");
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("No matching webhook signature");
  const text = typeof body === "string" ? body : Buffer.from(body).toString("utf8");
  try {
    return camelize<WebhookEvent>(JSON.parse(text));
  } catch {
    throw new WebhookVerificationError("Webhook body is not JSON");
  }
}
