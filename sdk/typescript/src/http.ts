// One request to /v3: the envelope unwrapped, errors typed, retries only where a
// second attempt cannot do something twice, a timeout on every attempt.
import { camelize, snakeize } from "./case.js";
import { SandiConnectionError, SandiError } from "./errors.js";
import { ERROR_CLASSES } from "./generated/errors.js";

export type RetryInfo = { attempt: number; delayMs: number; error: SandiError };

export type TransportOptions = {
  apiKey: string;
  baseUrl: string;
  /** Per attempt, default 30 000. */
  timeoutMs: number;
  /** Further attempts after the first, default 2. */
  maxRetries: number;
  /** Longest wait the SDK accepts before a retry; a longer Retry-After is thrown to you instead. Default 10 000. */
  maxRetryDelayMs: number;
  fetch: typeof fetch;
  /** Called before each retry (logging, metrics, tests). */
  onRetry?: (info: RetryInfo) => void;
  userAgent: string;
};

export type Call = { method: "GET" | "POST" | string; path: string; query?: Record<string, string | number | undefined | null>; body?: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Safe to send twice: a read, or a creation that carries `external_id` (the API answers a
 * replay with the original transaction). Anything else might have taken effect before the
 * failure, so it is not repeated behind your back.
 */
function idempotent(call: Call): boolean {
  if (call.method === "GET") return true;
  const body = call.body as Record<string, unknown> | undefined;
  return typeof body?.externalId === "string" || typeof body?.external_id === "string";
}

/** RATE_LIMITED is answered before the request is looked at, so repeating it is always safe; other 429s and 5xx only when the call is. */
function retryable(error: SandiError, call: Call): boolean {
  if (error.code === "RATE_LIMITED") return true;
  if (error.code === "DESTINATION_RATE_LIMITED") return false;
  const transient = error instanceof SandiConnectionError || error.status === 429 || error.status >= 500;
  return transient && idempotent(call);
}

function backoff(error: SandiError, attempt: number): number {
  if (error.retryAfter !== null) return error.retryAfter * 1000;
  return Math.min(8000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}

export async function send<T>(options: TransportOptions, call: Call): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once<T>(options, call);
    } catch (err) {
      if (!(err instanceof SandiError) || attempt >= options.maxRetries || !retryable(err, call)) throw err;
      const delayMs = backoff(err, attempt);
      if (delayMs > options.maxRetryDelayMs) throw err;
      options.onRetry?.({ attempt: attempt + 1, delayMs, error: err });
      await sleep(delayMs);
    }
  }
}

function urlOf(options: TransportOptions, call: Call): string {
  const url = new URL(options.baseUrl.replace(/\/+$/, "") + call.path);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url.toString();
}

async function once<T>(options: TransportOptions, call: Call): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: "application/json", "user-agent": options.userAgent };
  let body: string | undefined;
  if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(snakeize(call.body));
  }
  let response: Response;
  try {
    response = await options.fetch(urlOf(options, call), { method: call.method, headers, body, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (cause) {
    const timedOut = (cause as Error)?.name === "TimeoutError" || (cause as Error)?.name === "AbortError";
    throw new SandiConnectionError({
      code: timedOut ? "TIMEOUT" : "CONNECTION_ERROR",
      message: timedOut ? `No answer within ${options.timeoutMs} ms` : `Could not reach Sandi: ${(cause as Error)?.message ?? cause}`,
      status: 0,
      requestId: null,
      retryAfter: null,
      cause,
    });
  }
  const requestId = response.headers.get("x-request-id");
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const text = await response.text();
  let envelope: { success?: boolean; data?: unknown; error?: { code?: string; message?: string; details?: unknown } | null };
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new SandiError({ code: "INVALID_RESPONSE", message: `HTTP ${response.status} without the JSON envelope`, status: response.status, requestId, retryAfter });
  }
  if (envelope.success === true && response.ok) return camelize<T>(envelope.data);
  const code = envelope.error?.code ?? "INVALID_RESPONSE";
  const ErrorClass = ERROR_CLASSES[code] ?? SandiError;
  throw new ErrorClass({
    code: code as SandiError["code"],
    message: envelope.error?.message ?? `HTTP ${response.status}`,
    status: response.status,
    requestId,
    retryAfter,
    details: (camelize(envelope.error?.details) as Record<string, unknown> | undefined) ?? null,
  });
}

/** Seconds, from either form HTTP allows (delta-seconds or a date). */
function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
