import { log } from "@/server/log";
// Limits and refusals for vendor callback bodies, read with readCappedBody: the
// signature can only be checked over the whole body, so without a cap anyone could
// make the server buffer an unbounded upload before being refused.
/** Meta documents webhook payloads of up to 3 MB (many statuses can share one post). */
export const WHATSAPP_HOOK_MAX_BYTES = 3 * 1024 * 1024;
/** Twilio status callbacks are a few dozen form fields. */
export const TWILIO_HOOK_MAX_BYTES = 64 * 1024;
/** An HTTP SMS aggregator's receipt is one small JSON object. */
export const HTTP_SMS_HOOK_MAX_BYTES = 64 * 1024;
/** Xendit payment callbacks are one small JSON object; the same cap as /v3 bodies. */
export const XENDIT_HOOK_MAX_BYTES = 64 * 1024;

export function hookBodyRefused(error: "too_large" | "unreadable"): Response {
  return error === "too_large"
    ? Response.json({ error: "body too large" }, { status: 413 })
    : Response.json({ error: "body could not be read" }, { status: 400 });
}

/**
 * A signed callback that cannot be used (an id holding NUL, which the database cannot
 * even look up) is acknowledged, so the vendor stops retrying a poison message
 * forever, and logged, so an operator can see what was dropped.
 */
export function unusableHookAcknowledged(vendor: string, body: Record<string, unknown>): Response {
  log.warn({ vendor }, "vendor callback ignored: a field holds NUL");
  return Response.json(body);
}
