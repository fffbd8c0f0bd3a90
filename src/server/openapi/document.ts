// OpenAPI 3.1 for /v3, generated from the endpoint declarations (src/server/http/v3-endpoints)
// and the error table.
import { z } from "zod";
import { getEnv } from "@/env";
import { ERROR_TABLE, V3_ERROR_CODES, type V3ErrorCode } from "@/server/error-table";
import { MAX_BODY_BYTES } from "@/server/envelope.mjs";
import { DEFAULT_RATE_LIMIT } from "@/server/http/rate-limit/rate-limiter";
import { errorEnvelopeFor } from "@/schemas/v3/envelope";
import { answers, type V3Endpoint as Endpoint } from "@/server/http/v3-endpoint";
import { endpoints } from "./endpoints";
import { errorExample, examples } from "@/server/http/v3-endpoints/examples";
import { EVENT_TYPE_DESCRIPTIONS, OTP_EVENT_TYPES, otpEventPayload } from "@/schemas/v3/events";

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
  "X-Request-Id": { description: "ID unik request ini (UUID); sebutkan saat menghubungi dukungan.", schema: { type: "string", format: "uuid" } },
  "RateLimit-Limit": { description: "Jumlah request per detik yang diizinkan untuk API key ini.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Sisa request di jendela satu detik saat ini.", schema: { type: "integer" } },
  "RateLimit-Reset": {
    description: "Detik sampai jendela berikutnya: selalu 1 untuk jendela satu detik per key; pada DESTINATION_RATE_LIMITED, detik sampai jendela tujuan itu terbuka lagi.",
    schema: { type: "integer" },
  },
  "Retry-After": {
    description: "Detik yang perlu ditunggu sebelum mencoba lagi: 1 pada RATE_LIMITED; pada DESTINATION_RATE_LIMITED, sampai jendela 10 menit dan per jam tujuan itu mengizinkan satu pembuatan lagi.",
    schema: { type: "integer" },
  },
  Allow: { description: "Metode yang diterima endpoint (bersama METHOD_NOT_ALLOWED).", schema: { type: "string" } },
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
    description: "Diproses. Baca `data`.",
    headers: headersFor(200),
    content: {
      "application/json": {
        schema: { type: "object", required: ["success", "data", "error"], additionalProperties: false, properties: { success: { const: true }, data: ref("schemas", e.response.name), error: { type: "null" } } },
        examples: Object.fromEntries(Object.entries(e.response.examples).map(([k, v]) => [k, { value: { success: true, data: v, error: null } }])),
      },
    },
  };
}

/** One status's errors: its envelope declares exactly these codes, and the details each of them carries. */
function errorResponse(codes: V3ErrorCode[]): Json {
  return {
    description: codes.map((c) => `${c}: ${ERROR_TABLE[c].when}`).join("\n\n"),
    headers: headersFor(ERROR_TABLE[codes[0]].status),
    content: { "application/json": { schema: jsonSchema(errorEnvelopeFor(codes), "output"), examples: Object.fromEntries(codes.map((c) => [c, { summary: c, value: errorExample(c).body }])) } },
  };
}

function errorResponses(codes: V3ErrorCode[]): Json {
  const byStatus = new Map<number, V3ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_TABLE[code].status, [...(byStatus.get(ERROR_TABLE[code].status) ?? []), code]);
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), errorResponse(list)]));
}

function tagOf(path: string): string {
  if (path.startsWith("/v3/account")) return "account";
  if (path.startsWith("/v3/topups")) return "topups";
  if (path.startsWith("/v3/templates")) return "templates";
  if (path.startsWith("/v3/test/")) return "test mode";
  if (path.startsWith("/v3/lists/")) return "lists";
  return "otp";
}

function parametersOf(e: Endpoint): Json[] {
  return [
    ...(e.pathParameters ?? []).map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: { type: "string" }, example: p.example })),
    ...(e.input?.from === "query" ? e.input.parameters : []).map((p) => ({ name: p.name, in: "query", required: p.required === true, description: p.description, schema: { type: p.type }, example: p.example })),
  ];
}

function operation(e: Endpoint): Json {
  return {
    operationId: e.operationId,
    tags: [tagOf(e.path)],
    summary: e.summary,
    description: e.description,
    security: [{ bearerAuth: [] }],
    ...(e.pathParameters || e.input?.from === "query" ? { parameters: parametersOf(e) } : {}),
    ...(e.input?.from === "body"
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: ref("schemas", e.input.name),
                examples: Object.fromEntries(Object.entries(e.input.examples).map(([k, v]) => [k, { value: v }])),
              },
            },
          },
        }
      : {}),
    responses: { "200": successResponse(e), ...errorResponses(answers(e)) },
  };
}

const DESCRIPTION = [
  "Kode sekali pakai (OTP) lewat WhatsApp, SMS, e-mail, misscall dan panggilan suara, untuk merchant di Indonesia.",
  "Setiap respons, termasuk error, berbentuk envelope `{success, data, error}`; bercabanglah pada `error.code`, jangan pada `error.message` (berbahasa Indonesia, bisa berubah). Waktu ditulis `YYYY-MM-DD HH:MM:SS` dalam WIB (UTC+7); nominal berupa bilangan bulat dalam rupiah.",
  "Autentikasi: `Authorization: Bearer <API_KEY>` di setiap endpoint; simpan key di server Anda. Lalu IP allowlist merchant bila ada (IP klien dari `CF-Connecting-IP`, jika tidak ada `X-Real-IP`, lalu alamat pertama `X-Forwarded-For`, lalu alamat koneksi), lalu rate limit.",
  `Rate limit: ${DEFAULT_RATE_LIMIT} request per detik per API key (jendela tetap satu detik, semua endpoint dihitung bersama; merchant bisa punya batas lain). Respons yang lolos autentikasi membawa \`RateLimit-Limit\`, \`RateLimit-Remaining\` dan \`RateLimit-Reset\`; respons 429 juga \`Retry-After\`.`,
  `Body request berupa JSON, paling besar ${MAX_BODY_BYTES / 1024} KB. Path yang tidak dikenal di bawah /v3 dijawab 404 NOT_FOUND dan metode yang salah 405 METHOD_NOT_ALLOWED, keduanya dalam envelope. Setiap respons membawa \`X-Request-Id\`.`,
].join("\n\n");

/** Any /v3 error. */
export const errorEnvelope = errorEnvelopeFor(V3_ERROR_CODES);

let cached: { baseUrl: string; doc: Json } | undefined;

/** What Sandi POSTs to the merchant's webhook URL, one entry per event type the endpoint can choose. */
function webhookOperations(schemas: Json): Json {
  schemas.OtpEvent = jsonSchema(otpEventPayload, "output");
  const operations: Record<string, Json> = {};
  for (const type of OTP_EVENT_TYPES) {
    operations[type] = {
      post: {
        summary: type,
        description: `${EVENT_TYPE_DESCRIPTIONS[type]} Ditandatangani seperti semua webhook (header webhook-id, webhook-timestamp, webhook-signature); at-least-once, tanpa jaminan urutan. Pilih tipe event di dashboard (Webhook) atau dengan otpctl merchant update --webhook-events; endpoint lama hanya menerima otp.verified.`,
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/OtpEvent" }, ...(type === "otp.fallback" ? { example: examples.fallbackEvent } : {}) } },
        },
        responses: { "2XX": { description: "Diterima dalam 10 detik; selain itu dikirim ulang sesuai jadwal." } },
      },
    };
  }
  return operations;
}

export function buildOpenApiDocument(): Json {
  const baseUrl = getEnv().BASE_URL;
  if (cached?.baseUrl === baseUrl) return cached.doc;
  const schemas: Json = { ErrorEnvelope: jsonSchema(errorEnvelope, "output") };
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    if (e.input?.from === "body") schemas[e.input.name] = jsonSchema(e.input.schema, "input");
    schemas[e.response.name] = jsonSchema(e.response.schema, "output");
    paths[e.path] = { ...(paths[e.path] ?? {}), [e.method]: operation(e) };
  }
  const doc: Json = {
    openapi: "3.1.0",
    info: { title: "Sandi OTP API", version: "3", description: DESCRIPTION },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: "otp" }, { name: "account" }, { name: "topups" }, { name: "templates", description: "Template pesan Anda per channel dan bahasa (id, en)." }, { name: "lists", description: "Daftar aman dan daftar blokir fraud guard, per mode." }, { name: "test mode", description: "Hanya untuk API key uji (sk_test_…): pesan sandbox, WhatsApp masuk dan laporan pengiriman." }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY> — key dari dashboard; hanya dari server." } },
      schemas,
      headers: HEADERS,
      responses: { NotFound: { ...errorResponse(["NOT_FOUND"]), description: `NOT_FOUND: ${ERROR_TABLE.NOT_FOUND.when}` } },
    },
    paths,
    webhooks: webhookOperations(schemas),
  };
  cached = { baseUrl, doc };
  return doc;
}
