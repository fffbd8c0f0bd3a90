// One HTTP attempt of a webhook delivery: signed, time-limited, no redirects
// followed, the destination re-checked against the SSRF guard at send time
// (literal addresses here, resolved names by guardedFetch at connect time).
import { guardedFetch } from "./guarded-fetch";
import { signatureHeader } from "./signing";
import { parseWebhookUrl } from "./url-guard";
import { parseRetryAfter } from "./retry-schedule";

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  retryAfterMs?: number;
};

export type SendOptions = { timeoutMs?: number; now?: Date };

const RESPONSE_BODY_LIMIT = 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The headers of every webhook request; the event log rebuilds them from here to show what was sent. */
export function webhookHeaders(eventId: string, timestamp: number, signature: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Sandi-Webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature,
  };
}

export async function sendWebhook(url: string, eventId: string, body: string, secrets: string[], options: SendOptions = {}): Promise<SendResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    parseWebhookUrl(url);
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseBody: null, error: `Refused: ${(err as Error).message}` };
  }
  try {
    const response = await guardedFetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      headers: webhookHeaders(eventId, timestamp, signatureHeader(secrets, eventId, timestamp, body)),
      body,
    });
    const text = await readLimited(response, RESPONSE_BODY_LIMIT);
    // One reading of the clock for both: the retry is scheduled from now + latencyMs, so a
    // Retry-After date must be measured from that same instant to land exactly on it.
    const latencyMs = elapsed();
    const ok = response.status >= 200 && response.status < 300;
    const retryAfterMs = response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers.get("retry-after"), new Date(now.getTime() + latencyMs)) : undefined;
    const error = ok ? null : response.status >= 300 && response.status < 400 ? `Redirect ${response.status} not followed` : `HTTP ${response.status}`;
    return { ok, statusCode: response.status, latencyMs, responseBody: text, error, retryAfterMs };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
    const reason = e.name === "TimeoutError" ? "Timed out" : (e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.cause?.message ?? e.message);
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseBody: null, error: String(reason) };
  }
}

/** At most `limit` bytes of the response; the rest is never read, so a huge or endless body costs nothing. */
async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut off mid-way still leaves the status code, which is what decides the attempt.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  // PostgreSQL text cannot hold NUL; left in, the attempt could never be recorded and would be resent forever.
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit)).replace(/\uFFFD$/, "").replaceAll("\u0000", "\uFFFD");
}
