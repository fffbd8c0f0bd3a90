// The one /v3 wrapper every route uses. A route file looks like this:
//
//   export const dynamic = "force-dynamic";
//   export const POST = v3Route(async (ctx) => someService(ctx.merchant.id, await ctx.json()));
//   export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
//
// or, for a read:
//
//   export const GET = v3Route(async (ctx) => readSomething(ctx.merchant.id, ctx.params.otpId ?? ""));
//   export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
//
// Export every standard method the route does not implement from methodNotAllowed:
// for a method a route file leaves out, Next.js answers by itself with an empty
// 405 (an empty 204 for OPTIONS) — no envelope, no X-Request-Id. HEAD is the one
// exception: Next answers it with the GET export, whichever that is.
// tests/integration/v3-http-methods.test.ts checks every file under src/app/v3.
//
// The handler's return value becomes {success:true, data, error:null} (HTTP 200);
// an AppError becomes {success:false, data:null, error:{code, message[, details]}}
// with the status from ERROR_STATUS; anything else is logged and answered as 500
// INTERNAL_ERROR — never HTML, never a stack trace. Order (spec): bearer key →
// IP allowlist → per-key rate limit → handler. Every response carries X-Request-Id,
// authenticated ones RateLimit-*; every request is logged as one JSON line.
import { randomUUID } from "node:crypto";
import { AppError, isAppError } from "@/server/errors";
import { authenticateBearer, type AuthenticatedMerchant } from "./authenticate";
import { resolveClientIp } from "@/server/lib/client-ip";
import { isIpAllowed } from "./ip-allowlist-check";
import { DEFAULT_RATE_LIMIT, getRateLimiter, type RateLimitDecision } from "./rate-limit/rate-limiter";
import { readJsonBody } from "./read-json-body";
import { logRequest } from "./request-log";
import { recordV3Request } from "@/server/metrics/record";

export type V3Context = {
  request: Request;
  merchant: AuthenticatedMerchant;
  /** Dynamic segments; a catch-all segment arrives joined with "/". */
  params: Record<string, string>;
  requestId: string;
  /** Resolved as the spec says (see client-ip.ts); null when no header carries one. */
  clientIp: string | null;
  /** The body parsed as JSON (any JSON value: validate it with zod). Capped at MAX_BODY_BYTES; throws envelope errors. Safe to call twice. */
  json: () => Promise<unknown>;
};

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, route?: RouteContext) => Promise<Response>;
type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const METHODS: Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function envelopeOk(data: unknown, headers: Record<string, string> = {}): Response {
  // `undefined` would drop the data key from the JSON; the envelope always has all three.
  return Response.json({ success: true, data: data ?? null, error: null }, { headers });
}

export function envelopeError(err: AppError, headers: Record<string, string> = {}): Response {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details) error.details = err.details;
  return Response.json({ success: false, data: null, error }, { status: err.status, headers: { ...headers, ...(err.headers ?? {}) } });
}

function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return { "RateLimit-Limit": String(d.limit), "RateLimit-Remaining": String(d.remaining), "RateLimit-Reset": String(secondsUntil(d.resetMs)) };
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

type Scope = { requestId: string; headers: Record<string, string>; setMerchant: (publicId: string) => void };

/** Runs fn with the envelope, request id, error mapping and the request log around it. Never throws. */
async function withEnvelope(request: Request, fn: (scope: Scope) => Promise<unknown>): Promise<Response> {
  const started = performance.now();
  const requestId = randomUUID();
  const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
  let merchantId: string | null = null;
  let response: Response;
  let errorCode: string | undefined;
  try {
    const data = await fn({ requestId, headers, setMerchant: (id) => (merchantId = id) });
    response = envelopeOk(data, headers);
  } catch (err) {
    const appError = isAppError(err) ? err : new AppError("INTERNAL_ERROR");
    if (!isAppError(err)) reportUnexpected(requestId, err);
    errorCode = appError.code;
    response = envelopeError(appError, headers);
  }
  recordV3Request(request, response.status, errorCode, started);
  try {
    logRequest({
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      latency_ms: Math.round(performance.now() - started),
      merchant_id: merchantId,
      request_id: requestId,
      ...(errorCode ? { error_code: errorCode } : {}),
    });
  } catch {
    // A log line that cannot be written must not turn an answered request into a 500.
  }
  return response;
}

function reportUnexpected(requestId: string, err: unknown): void {
  // stderr, for operators; the client only ever sees the INTERNAL_ERROR envelope.
  console.error(JSON.stringify({ msg: "unhandled error in /v3 handler", request_id: requestId, error: String((err as Error)?.stack ?? err) }));
}

export function v3Route(handler: (ctx: V3Context) => Promise<unknown>): Handler {
  return (request, route) =>
    withEnvelope(request, async ({ requestId, headers, setMerchant }) => {
      const merchant = await authenticateBearer(request.headers.get("authorization"));
      setMerchant(merchant.merchantId);
      const clientIp = resolveClientIp(request.headers);
      if (!isIpAllowed(merchant.allowedIps, clientIp)) {
        throw new AppError("IP_NOT_ALLOWED", `Alamat IP ${clientIp ?? "(tidak diketahui)"} tidak ada di daftar IP yang diizinkan untuk akun ini.`);
      }
      const decision = await getRateLimiter().check(merchant.keyId, merchant.rateLimit ?? DEFAULT_RATE_LIMIT);
      Object.assign(headers, rateLimitHeaders(decision));
      if (!decision.allowed) {
        headers["Retry-After"] = String(secondsUntil(decision.resetMs));
        throw new AppError("RATE_LIMITED", `Terlalu banyak permintaan: maksimal ${decision.limit} per detik per API key. Coba lagi sebentar lagi.`);
      }
      // Next passes a context without params (or with undefined params) for static routes.
      const rawParams = (route?.params ? await route.params : undefined) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : (v ?? "")]));
      let body: Promise<unknown> | undefined;
      const json = () => (body ??= readJsonBody(request));
      return handler({ request, merchant, params, requestId, clientIp, json });
    });
}

function answerAll(answer: Handler): Record<Method, Handler> {
  return Object.fromEntries(METHODS.map((m) => [m, answer])) as Record<Method, Handler>;
}

/**
 * Envelope 405 for the methods a route does not support (see the top of this file
 * for how to export them). No authentication: the answer reveals nothing.
 */
export function methodNotAllowed(allowed: Method[]): Record<Method, Handler> {
  const allow = allowed.includes("GET") && !allowed.includes("HEAD") ? [...allowed, "HEAD"] : allowed;
  return answerAll((request) =>
    withEnvelope(request, async ({ headers }) => {
      headers.Allow = allow.join(", ");
      throw new AppError("METHOD_NOT_ALLOWED", `Metode ${request.method} tidak didukung untuk endpoint ini; gunakan ${allowed.join(" atau ")}.`);
    }),
  );
}

/** Envelope 404 for `/v3` itself and every path under it that has no route. */
export function notFoundRoute(): Record<Method, Handler> {
  return answerAll((request) =>
    withEnvelope(request, async () => {
      throw new AppError("NOT_FOUND", `Endpoint ${new URL(request.url).pathname.slice(0, 200)} tidak ada. Lihat dokumentasi API di /docs.`);
    }),
  );
}
