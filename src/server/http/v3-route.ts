// The one /v3 wrapper every endpoint uses. An endpoint's route file is
//
//   export const dynamic = "force-dynamic";
//   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(someEndpoint);
//
// where routeOf (v3-endpoint.ts) wraps the declaration's service call in v3Route (or
// v3TestRoute) and answers the other methods with methodNotAllowed.
//
// Every standard method must be exported:
// for a method a route file leaves out, Next.js answers by itself with an empty
// 405 (an empty 204 for OPTIONS) — no envelope, no X-Request-Id. HEAD is the one
// exception: Next answers it with the GET export, whichever that is.
// tests/integration/v3/_http/methods.test.ts checks every file under src/app/v3.
//
// Each exported handler is a Fetch handler (Request → Response, what Next calls) that
// also carries `.direct`, the same endpoint for the production front
// (src/server/front/v3-dispatch.mjs), which hands over the parsed node request and writes the
// answer's string itself: building and reading back Fetch objects cost more than the
// rest of a 404 together.
//
// The handler's return value becomes {success:true, data, error:null} (HTTP 200);
// an AppError becomes {success:false, data:null, error:{code, message[, details]}}
// with the status from the error table (error-table.ts); anything else is logged and answered as 500
// INTERNAL_ERROR — never HTML, never a stack trace. Order (spec): bearer key →
// IP allowlist → per-key rate limit → handler (a creation counts the limit inside, in
// its fraud guard's Redis call, before it writes anything: rate-limit/admission.ts).
// Every response carries X-Request-Id, authenticated ones RateLimit-*; every request
// is logged as one JSON line.
import { randomUUID } from "node:crypto";
import { SpanKind, trace } from "@opentelemetry/api";
import { getEnv } from "@/env";
import { v3RouteLabel } from "@/server/metrics/v3-route-label";
import { AppError, isAppError } from "@/server/errors";
import { errorBody, MAX_BODY_BYTES, successBody } from "@/server/envelope.mjs";
import { readCappedBody, type CappedBody } from "@/server/lib/capped-body";
import { authenticateBearer, type AuthenticatedMerchant } from "./authenticate";
import { resolveClientIp } from "./client-ip";
import { isIpAllowed } from "@/server/lib/ip-allowlist";
import { RequestAdmission } from "./rate-limit/admission";
import type { Admission } from "@/server/services/fraud/admission";
import { parseJsonBody } from "./read-json-body";
import { logRequest } from "./request-log";
import { maskRequestBody } from "@/server/services/api-log/mask-body";
import { recordApiRequest } from "@/server/services/api-log/api-log-writer";
import { recordV3Request } from "@/server/metrics/record";
import { log, stackOf } from "@/server/log";

/** What the wrapper needs of a request, from a Fetch Request (Next) or straight from node:http (the production front). */
export type IncomingV3 = {
  method: string;
  pathname: string;
  /** The query string with its "?", or "" (only the test-mode reads take parameters). */
  search: string;
  header: (name: string) => string | null;
  /** The body, capped at MAX_BODY_BYTES. */
  body: () => Promise<CappedBody>;
};

/** An answer before it is a Response: the front writes it as is. */
export type V3Answer = { status: number; headers: Record<string, string>; body: string };

export type V3Context = {
  merchant: AuthenticatedMerchant;
  /**
   * The request's place under the key's rate limit. Counted before the handler runs,
   * unless the route was made with `countsRateLimit`: then the handler counts it (the
   * creation, with its fraud observation) before anything it writes, or the wrapper
   * does after the handler.
   */
  admission: Admission;
  pathname: string;
  /** Dynamic segments; a catch-all segment arrives joined with "/". */
  params: Record<string, string>;
  requestId: string;
  /** Resolved as the spec says (see client-ip.ts); null when no header carries one. */
  clientIp: string | null;
  /** The body parsed as JSON (any JSON value: validate it with zod). Capped at MAX_BODY_BYTES; throws envelope errors. Safe to call twice. */
  json: () => Promise<unknown>;
  /** The query parameters (validate them with zod). */
  query: () => URLSearchParams;
  /** A request header by its lower-case name, or null (the User-Agent an audit row records). */
  header: (name: string) => string | null;
};

type RawParams = Record<string, string | string[] | undefined>;
type RouteContext = { params?: Promise<RawParams> };
type Direct = (incoming: IncomingV3, params: RawParams) => Promise<V3Answer>;
export type V3Handler = ((request: Request, route?: RouteContext) => Promise<Response>) & { direct: Direct };
type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const METHODS: Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function okAnswer(data: unknown, headers: Record<string, string>): V3Answer {
  return { status: 200, headers, body: successBody(data) };
}

function errorAnswer(err: AppError, headers: Record<string, string>): V3Answer {
  return { status: err.status, headers: err.headers ? { ...headers, ...err.headers } : headers, body: errorBody(err.code, err.message, err.details) };
}

/** What the merchant's API log needs of an authenticated request, filled in as the request goes. */
type Caller = { merchant: AuthenticatedMerchant; clientIp: string | null; body?: unknown };
type Scope = { requestId: string; headers: Record<string, string>; setCaller: (caller: Caller) => void };

/** Runs fn with the envelope, request id, error mapping and the request log around it. Never throws. */
function withEnvelope(incoming: IncomingV3, fn: (scope: Scope) => Promise<unknown>): Promise<V3Answer> {
  // Lines logged about this request carry its id: services get it as V3Context.requestId.
  return envelope(incoming, randomUUID(), fn);
}

async function envelope(incoming: IncomingV3, requestId: string, fn: (scope: Scope) => Promise<unknown>): Promise<V3Answer> {
  const started = performance.now();
  const headers = answerHeaders(requestId);
  const seen: { caller: Caller | null } = { caller: null };
  try {
    const data = await fn({ requestId, headers, setCaller: (c) => (seen.caller = c) });
    return settle(incoming, requestId, started, okAnswer(data, headers), undefined, seen.caller, incoming.method === "POST" ? routedSend(data) : null);
  } catch (err) {
    const appError = isAppError(err) ? err : new AppError("INTERNAL_ERROR");
    if (!isAppError(err)) reportUnexpected(err, requestId);
    return settle(incoming, requestId, started, errorAnswer(appError, headers), appError.code, seen.caller, null);
  }
}

function answerHeaders(requestId: string): Record<string, string> {
  return { "Content-Type": "application/json", "X-Request-Id": requestId, "Cache-Control": "no-store" };
}

/**
 * An answer known before anything is read or awaited (an unknown path, a method the
 * route lacks): the same envelope, headers, metrics and log line as a thrown AppError
 * gets, without the throw, which with async hooks on (Next.js's AsyncLocalStorage, in a
 * process that served pages) costs a few microseconds of a 404's ninety.
 */
function refusal(incoming: IncomingV3, refuse: (headers: Record<string, string>) => AppError): Promise<V3Answer> {
  const started = performance.now();
  const requestId = randomUUID();
  const headers = answerHeaders(requestId);
  const err = refuse(headers);
  return Promise.resolve(settle(incoming, requestId, started, errorAnswer(err, headers), err.code, null, null));
}

/** Counts and logs an answered request (the operators' line; the merchant's API log when a key said whose it is). */
function settle(incoming: IncomingV3, requestId: string, started: number, answer: V3Answer, errorCode: string | undefined, caller: Caller | null, routed: RoutedSend | null): V3Answer {
  recordV3Request(incoming.method, incoming.pathname, answer.status, errorCode, started);
  const latencyMs = Math.round(performance.now() - started);
  try {
    logRequest({
      method: incoming.method,
      path: incoming.pathname,
      status: answer.status,
      latency_ms: latencyMs,
      merchant_id: caller?.merchant.merchantId ?? null,
      request_id: requestId,
      ...(errorCode ? { error_code: errorCode } : {}),
      ...(routed ? { route: routed.route, route_reason: routed.reason } : {}),
    });
    // The merchant's own log: only requests whose key says whose they are.
    if (caller) {
      recordApiRequest({
        merchantId: caller.merchant.id,
        at: new Date(),
        method: incoming.method,
        path: incoming.pathname.slice(0, 200),
        status: answer.status,
        errorCode: errorCode ?? null,
        latencyMs,
        requestId,
        keyPrefix: caller.merchant.keyPrefix,
        clientIp: caller.clientIp,
        requestBody: maskRequestBody(caller.body),
        route: routed?.route ?? null,
        routeReason: routed?.reason ?? null,
      });
    }
  } catch {
    // A log line that cannot be written must not turn an answered request into a 500.
  }
  return answer;
}

type RoutedSend = { route: string; reason: string | null };

/** A creation's answer names the vendor route of each send; the logs keep the last one's (docs/routing.md). */
function routedSend(data: unknown): RoutedSend | null {
  const deliveries = (data as { deliveries?: unknown } | null)?.deliveries;
  const last = Array.isArray(deliveries) ? (deliveries.at(-1) as { route?: unknown; route_reason?: unknown } | undefined) : undefined;
  if (!last || typeof last.route !== "string") return null;
  return { route: last.route, reason: typeof last.route_reason === "string" ? last.route_reason : null };
}

function reportUnexpected(err: unknown, requestId: string): void {
  // For operators, with the request id; the client only ever sees the INTERNAL_ERROR envelope.
  log.error({ request_id: requestId, error: stackOf(err) }, "unhandled error in /v3 handler");
}

function fromRequest(request: Request): IncomingV3 {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    header: (name) => request.headers.get(name),
    body: () => readCappedBody(request, MAX_BODY_BYTES),
  };
}

// HEAD keeps its body here: Next drops it on the wire (and the front does the same).
function toResponse(answer: V3Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const tracer = trace.getTracer("sandi");

/**
 * Under Next, its server span is active; the front calls `.direct` outside Next, so
 * with tracing on the request gets its own span here (its id goes into the log line,
 * and the database spans hang under it). With tracing off this is one env read.
 */
function traced(direct: Direct): Direct {
  return (incoming, params) => {
    if (!getEnv().OTEL_EXPORTER_OTLP_ENDPOINT || trace.getActiveSpan()) return direct(incoming, params);
    return tracer.startActiveSpan(`${incoming.method} ${v3RouteLabel(incoming.pathname)}`, { kind: SpanKind.SERVER }, async (span) => {
      try {
        const answer = await direct(incoming, params);
        span.setAttribute("http.response.status_code", answer.status);
        return answer;
      } finally {
        span.end();
      }
    });
  };
}

/** One endpoint, callable by Next (Request → Response) and by the front (`.direct`). */
function handlerOf(untraced: Direct): V3Handler {
  const direct = traced(untraced);
  const handler = async (request: Request, route?: RouteContext) => {
    // Next passes a context without params (or with undefined params) for static routes.
    const params = (route?.params ? await route.params : undefined) ?? {};
    return toResponse(await direct(fromRequest(request), params));
  };
  return Object.assign(handler, { direct });
}

/** `countsRateLimit`: the handler counts the rate limit itself (ctx.admission); see V3Context. */
export function v3Route(handler: (ctx: V3Context) => Promise<unknown>, options: { countsRateLimit?: boolean } = {}): V3Handler {
  return handlerOf((incoming, rawParams) =>
    withEnvelope(incoming, async ({ requestId, headers, setCaller }) => {
      const merchant = await authenticateBearer(incoming.header("authorization"));
      const clientIp = resolveClientIp({ get: incoming.header });
      const caller: Caller = { merchant, clientIp };
      setCaller(caller);
      if (!isIpAllowed(merchant.allowedIps, clientIp)) {
        throw new AppError("IP_NOT_ALLOWED", `Alamat IP ${clientIp ?? "(tidak diketahui)"} tidak ada di daftar IP yang diizinkan untuk akun ini.`);
      }
      const admission = new RequestAdmission(merchant, headers);
      if (!options.countsRateLimit) await admission.admit();
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(rawParams)) params[k] = Array.isArray(v) ? v.join("/") : (v ?? "");
      let body: Promise<unknown> | undefined;
      const json = () =>
        (body ??= incoming
          .body()
          .then(parseJsonBody)
          .then((value) => (caller.body = value)));
      const ctx: V3Context = { merchant, admission, pathname: incoming.pathname, params, requestId, clientIp, json, query: () => new URLSearchParams(incoming.search), header: incoming.header };
      if (!options.countsRateLimit) return handler(ctx);
      try {
        const data = await handler(ctx);
        await admission.admit(); // a no-op when the handler counted it
        return data;
      } catch (err) {
        // A handler that failed before counting (an invalid body, a switched-off channel) had
        // written nothing: over the limit its answer is 429, as if counted first.
        if (!admission.counted) await admission.admit();
        throw err;
      } finally {
        // As when the wrapper refuses before reading the body: the API log keeps none for a 429.
        if (admission.refused) caller.body = undefined;
      }
    }),
  );
}

/**
 * A test-mode tool (/v3/test/*): a test key reaches the handler; for a live key the
 * endpoint does not exist (the same 404 as an unknown path), so live integrations
 * can never call it by mistake.
 */
export function v3TestRoute(handler: (ctx: V3Context) => Promise<unknown>, options: { countsRateLimit?: boolean } = {}): V3Handler {
  return v3Route(async (ctx) => {
    if (ctx.merchant.livemode) throw endpointNotFound(ctx.pathname);
    return handler(ctx);
  }, options);
}

function endpointNotFound(pathname: string): AppError {
  return new AppError("NOT_FOUND", `Endpoint ${pathname.slice(0, 200)} tidak ada. Lihat dokumentasi API di /docs.`);
}

function answerAll(answer: V3Handler): Record<Method, V3Handler> {
  return Object.fromEntries(METHODS.map((m) => [m, answer])) as Record<Method, V3Handler>;
}

/**
 * Envelope 405 for the methods a route does not support (see the top of this file
 * for how to export them). No authentication: the answer reveals nothing.
 */
export function methodNotAllowed(allowed: Method[]): Record<Method, V3Handler> {
  const allow = allowed.includes("GET") && !allowed.includes("HEAD") ? [...allowed, "HEAD"] : allowed;
  return answerAll(
    handlerOf((incoming) =>
      refusal(incoming, (headers) => {
        headers.Allow = allow.join(", ");
        return new AppError("METHOD_NOT_ALLOWED", `Metode ${incoming.method} tidak didukung untuk endpoint ini; gunakan ${allowed.join(" atau ")}.`);
      }),
    ),
  );
}

/** Envelope 404 for `/v3` itself and every path under it that has no route. */
export function notFoundRoute(): Record<Method, V3Handler> {
  return answerAll(handlerOf((incoming) => refusal(incoming, () => endpointNotFound(incoming.pathname))));
}
