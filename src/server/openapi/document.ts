// OpenAPI 3.1 for /v3, generated from the same zod schemas the services use.
import { z } from "zod";
import { getEnv } from "@/env";
import { ERROR_STATUS } from "@/server/errors";
import { MAX_BODY_BYTES } from "@/server/http/read-json-body";
import { DEFAULT_RATE_LIMIT } from "@/server/http/rate-limit/rate-limiter";
import { errorEnvelope, type V3ErrorCode } from "@/schemas/v3/envelope";
import { endpoints, type Endpoint } from "./endpoints";
import { ERROR_CONDITIONS } from "./error-catalog";
import { errorExample } from "./examples";

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  delete out.$schema;
  return withoutSafeIntegerBounds(out) as Json;
}

// z.number().int() carries ±(2^53−1) as bounds: true, but noise for a reader.
function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = withoutSafeIntegerBounds(v);
  }
  return out;
}

const ref = (kind: "schemas" | "headers" | "responses", name: string) => ({ $ref: `#/components/${kind}/${name}` });

const HEADERS: Record<string, Json> = {
  "X-Request-Id": { description: "Unique id of this request (UUID); quote it when contacting support.", schema: { type: "string", format: "uuid" } },
  "RateLimit-Limit": { description: "Requests allowed per second for this API key.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current one-second window.", schema: { type: "integer" } },
  "RateLimit-Reset": {
    description: "Seconds until the window resets: always 1 for the key's one-second window; on DESTINATION_RATE_LIMITED, the seconds until the destination's window frees.",
    schema: { type: "integer" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying: 1 with RATE_LIMITED; with DESTINATION_RATE_LIMITED, until the destination's 10-minute and hourly windows allow one more creation.",
    schema: { type: "integer" },
  },
  Allow: { description: "The methods the endpoint accepts (with METHOD_NOT_ALLOWED).", schema: { type: "string" } },
};

const rateLimitHeaders = { "RateLimit-Limit": ref("headers", "RateLimit-Limit"), "RateLimit-Remaining": ref("headers", "RateLimit-Remaining"), "RateLimit-Reset": ref("headers", "RateLimit-Reset") };

/** Which headers a response with this status carries: RateLimit-* only once the key passed the limiter. */
function headersFor(status: number): Json {
  const headers: Json = { "X-Request-Id": ref("headers", "X-Request-Id") };
  if (![401, 403, 405].includes(status)) Object.assign(headers, rateLimitHeaders);
  if (status === 429) headers["Retry-After"] = ref("headers", "Retry-After");
  if (status === 405) headers.Allow = ref("headers", "Allow");
  return headers;
}

function successResponse(e: Endpoint): Json {
  return {
    description: "Processed. Branch on `data`.",
    headers: headersFor(200),
    content: {
      "application/json": {
        schema: { type: "object", required: ["success", "data", "error"], additionalProperties: false, properties: { success: { const: true }, data: ref("schemas", e.response.name), error: { type: "null" } } },
        examples: Object.fromEntries(Object.entries(e.response.examples).map(([k, v]) => [k, { value: { success: true, data: v, error: null } }])),
      },
    },
  };
}

function errorResponse(codes: V3ErrorCode[]): Json {
  return {
    description: codes.map((c) => `${c}: ${ERROR_CONDITIONS[c]}`).join("\n\n"),
    headers: headersFor(ERROR_STATUS[codes[0]]),
    content: { "application/json": { schema: ref("schemas", "ErrorEnvelope"), examples: Object.fromEntries(codes.map((c) => [c, { summary: c, value: errorExample(c).body }])) } },
  };
}

function errorResponses(codes: V3ErrorCode[]): Json {
  const byStatus = new Map<number, V3ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), errorResponse(list)]));
}

function tagOf(path: string): string {
  if (path.startsWith("/v3/account")) return "account";
  if (path.startsWith("/v3/topups")) return "topups";
  if (path.startsWith("/v3/test/")) return "test mode";
  return "otp";
}

function parametersOf(e: Endpoint): Json[] {
  return [
    ...(e.pathParameters ?? []).map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: { type: "string" }, example: p.example })),
    ...(e.queryParameters ?? []).map((p) => ({ name: p.name, in: "query", required: false, description: p.description, schema: { type: p.type }, example: p.example })),
  ];
}

function operation(e: Endpoint): Json {
  return {
    operationId: e.operationId,
    tags: [tagOf(e.path)],
    summary: e.summary,
    description: e.description,
    security: [{ bearerAuth: [] }],
    ...(e.pathParameters || e.queryParameters ? { parameters: parametersOf(e) } : {}),
    ...(e.request
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: ref("schemas", e.request.name),
                examples: Object.fromEntries(Object.entries(e.request.examples).map(([k, v]) => [k, { value: v }])),
              },
            },
          },
        }
      : {}),
    responses: { "200": successResponse(e), ...errorResponses(e.errors) },
  };
}

const DESCRIPTION = [
  "One-time passwords over WhatsApp, SMS, e-mail, missed call and voice, for merchants in Indonesia.",
  "Every response, errors included, is the envelope `{success, data, error}`; branch on `error.code`, never on `error.message` (Indonesian, may change). Timestamps are `YYYY-MM-DD HH:MM:SS` in WIB (UTC+7); amounts are integers in IDR.",
  "Authentication: `Authorization: Bearer <API_KEY>` on every endpoint; keep the key on your server. Then the merchant's optional IP allowlist (client IP from `CF-Connecting-IP`, else `X-Real-IP`, else the first `X-Forwarded-For`, else the connection), then the rate limit.",
  `Rate limit: ${DEFAULT_RATE_LIMIT} requests per second per API key (fixed one-second windows, all endpoints together; a merchant may have another limit). Authenticated responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 also \`Retry-After\`.`,
  `Request bodies are JSON, at most ${MAX_BODY_BYTES / 1024} KB. An unknown path under /v3 answers 404 NOT_FOUND and a wrong method 405 METHOD_NOT_ALLOWED, both in the envelope. Every response carries \`X-Request-Id\`.`,
].join("\n\n");

let cached: { baseUrl: string; doc: Json } | undefined;

export function buildOpenApiDocument(): Json {
  const baseUrl = getEnv().BASE_URL;
  if (cached?.baseUrl === baseUrl) return cached.doc;
  const schemas: Json = { ErrorEnvelope: jsonSchema(errorEnvelope, "output") };
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    if (e.request) schemas[e.request.name] = jsonSchema(e.request.schema, "input");
    schemas[e.response.name] = jsonSchema(e.response.schema, "output");
    paths[e.path] = { ...(paths[e.path] ?? {}), [e.method]: operation(e) };
  }
  const doc: Json = {
    openapi: "3.1.0",
    info: { title: "Sandi OTP API", version: "3", description: DESCRIPTION },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: "otp" }, { name: "account" }, { name: "topups" }, { name: "test mode", description: "Test keys (sk_test_…) only: the sandbox's messages, inbound WhatsApp and delivery receipts. See docs/test-mode.md." }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY> — the key from the dashboard; server-side only." } },
      schemas,
      headers: HEADERS,
      responses: { NotFound: { ...errorResponse(["NOT_FOUND"]), description: `NOT_FOUND: ${ERROR_CONDITIONS.NOT_FOUND}` } },
    },
    paths,
  };
  cached = { baseUrl, doc };
  return doc;
}
