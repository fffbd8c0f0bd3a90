// The OpenAPI 3.1 document at GET /v3/openapi.json: structure, references, and
// every example checked twice — against the zod schemas the API itself uses, and
// against the JSON schemas the document publishes (with a small checker below
// that refuses keywords it does not know, so it cannot pass by ignoring them).
import { describe, expect, it } from "vitest";
import { GET } from "@/app/v3/openapi.json/route";
import { ERROR_TABLE, V3_ERROR_CODES } from "@/server/error-table";
import { errorEnvelope } from "@/server/openapi/document";
import { answers } from "@/server/http/v3-endpoint";
import { endpoints } from "@/server/openapi/endpoints";
import { OTP_EVENT_TYPES } from "@/schemas/v3/events";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function documentJson(): Promise<Json> {
  const res = GET();
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

function resolve(doc: Json, ref: string): Json | undefined {
  return ref.replace(/^#\//, "").split("/").reduce((node: Json | undefined, key) => node?.[key], doc);
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

const ANNOTATIONS = new Set(["description", "title", "format", "examples", "default"]);
const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);

/** Errors of value against a JSON schema (2020-12 subset); [] when valid. */
function check(doc: Json, schema: Json, value: unknown, at = "$"): string[] {
  const errors: string[] = [];
  for (const [k, rule] of Object.entries(schema)) {
    if (ANNOTATIONS.has(k)) continue;
    switch (k) {
      case "$ref":
        errors.push(...check(doc, resolve(doc, rule)!, value, at));
        break;
      case "type": {
        const t = typeOf(value);
        const allowed = ([] as string[]).concat(rule);
        if (!allowed.includes(t) && !(t === "integer" && allowed.includes("number"))) errors.push(`${at}: ${t} is not ${allowed.join("|")}`);
        break;
      }
      case "const":
        if (JSON.stringify(value) !== JSON.stringify(rule)) errors.push(`${at}: not ${JSON.stringify(rule)}`);
        break;
      case "enum":
        if (!rule.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value))) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
        break;
      case "pattern":
        if (typeof value === "string" && !new RegExp(rule, "u").test(value)) errors.push(`${at}: does not match ${rule}`);
        break;
      case "minLength":
      case "maxLength":
        if (typeof value === "string" && (k === "minLength" ? value.length < rule : value.length > rule)) errors.push(`${at}: ${k} ${rule}`);
        break;
      case "minimum":
      case "maximum":
        if (typeof value === "number" && (k === "minimum" ? value < rule : value > rule)) errors.push(`${at}: ${k} ${rule}`);
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (typeof value === "number" && (k === "exclusiveMinimum" ? value <= rule : value >= rule)) errors.push(`${at}: ${k} ${rule}`);
        break;
      case "required":
        if (typeOf(value) === "object") for (const p of rule) if (!(p in (value as Json))) errors.push(`${at}.${p}: required`);
        break;
      case "properties":
        if (typeOf(value) === "object") for (const [p, s] of Object.entries(rule as Json)) if (p in (value as Json)) errors.push(...check(doc, s, (value as Json)[p], `${at}.${p}`));
        break;
      case "additionalProperties":
        if (typeOf(value) === "object") {
          for (const p of Object.keys(value as Json)) {
            if (schema.properties && p in schema.properties) continue;
            if (rule === false) errors.push(`${at}.${p}: not allowed`);
            else if (typeof rule === "object") errors.push(...check(doc, rule, (value as Json)[p], `${at}.${p}`));
          }
        }
        break;
      case "minItems":
      case "maxItems":
        if (Array.isArray(value) && (k === "minItems" ? value.length < rule : value.length > rule)) errors.push(`${at}: ${k} ${rule}`);
        break;
      case "items":
        if (Array.isArray(value)) value.forEach((v, i) => errors.push(...check(doc, rule, v, `${at}[${i}]`)));
        break;
      case "anyOf":
      case "oneOf": {
        const passing = (rule as Json[]).filter((s) => check(doc, s, value, at).length === 0).length;
        if (k === "anyOf" ? passing === 0 : passing !== 1) errors.push(`${at}: ${passing} of ${k} match`);
        break;
      }
      case "allOf":
        for (const s of rule as Json[]) errors.push(...check(doc, s, value, at));
        break;
      default:
        throw new Error(`JSON schema keyword "${k}" at ${at} is not understood by this check; teach it before relying on it`);
    }
  }
  return errors;
}

/** Every (name, schema, example) the document carries. */
function documentExamples(doc: Json): { where: string; schema: Json; value: unknown }[] {
  const out: { where: string; schema: Json; value: unknown }[] = [];
  const media = (where: string, content: Json | undefined) => {
    const json = content?.["application/json"];
    for (const [name, ex] of Object.entries((json?.examples ?? {}) as Json)) out.push({ where: `${where} ${name}`, schema: json.schema, value: ex.value });
  };
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      media(`${method} ${path} request`, op.requestBody?.content);
      for (const [status, response] of Object.entries(op.responses as Json)) media(`${method} ${path} ${status}`, response.content);
    }
  }
  for (const [name, response] of Object.entries((doc.components.responses ?? {}) as Json)) media(`components.responses.${name}`, response.content);
  return out;
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with every /v3 endpoint, bearer security, a 200 and error responses for each operation", async () => {
    const doc = await documentJson();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/v3/account",
      "/v3/insights/summary",
      "/v3/lists/{list}",
      "/v3/lists/{list}/{value}",
      "/v3/otp/{otp_id}",
      "/v3/request",
      "/v3/send",
      "/v3/templates",
      "/v3/templates/{name}",
      "/v3/test/inbound-whatsapp",
      "/v3/test/messages",
      "/v3/test/receipts",
      "/v3/topups",
      "/v3/verify",
    ]);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        expect(["get", "post", "put", "delete"]).toContain(method);
        expect(op.operationId).toBeTruthy();
        operationIds.add(op.operationId);
        expect(op.security).toEqual([{ bearerAuth: [] }]);
        expect(op.responses["200"], `${method} ${path}`).toBeDefined();
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(1);
        for (const response of Object.values(op.responses as Json)) expect(response.description).toBeTruthy();
        for (const param of path.match(/\{(\w+)\}/g) ?? []) expect(op.parameters.map((p: Json) => p.name)).toContain(param.slice(1, -1));
      }
    }
    expect(operationIds.size).toBe(endpoints.length);
  });

  it("describes fallback in the creation bodies, deliveries in the detail, and every lifecycle event under webhooks", async () => {
    const doc = await documentJson();
    const schemas = doc.components.schemas;
    for (const body of ["RequestOtpBody", "SendOtpBody"]) expect(Object.keys(schemas[body].properties)).toEqual(expect.arrayContaining(["fallback", "fallback_after"]));
    expect(schemas.OtpTransactionDetail.required).toContain("deliveries");
    expect(Object.keys(doc.webhooks).sort()).toEqual([...OTP_EVENT_TYPES].sort());
    for (const item of Object.values(doc.webhooks as Json)) {
      expect(item.post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/OtpEvent" });
    }
    const fallback = doc.webhooks["otp.fallback"].post.requestBody.content["application/json"];
    expect(check(doc, fallback.schema, fallback.example)).toEqual([]);
    expect(check(doc, fallback.schema, { ...fallback.example, type: "otp.bogus" })).not.toEqual([]);
  });

  it("carries an X-Request-Id like every /v3 answer", () => {
    expect(GET().headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("every $ref resolves", async () => {
    const doc = await documentJson();
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(resolve(doc, r), r).toBeDefined();
  });

  it("every example in the document validates against the JSON schema the document gives it", async () => {
    const doc = await documentJson();
    const all = documentExamples(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const { where, schema, value } of all) expect(check(doc, schema, value), where).toEqual([]);
  });

  it("every example anywhere in the document (parameters, media types, schemas) has the type its schema gives it", async () => {
    const doc = await documentJson();
    const found: { where: string; schema: Json; value: unknown }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`));
      if (!node || typeof node !== "object") return;
      const n = node as Json;
      if (n.schema && typeof n.schema === "object") {
        if ("example" in n) found.push({ where: `${at}.example`, schema: n.schema, value: n.example });
        if (n.examples && !Array.isArray(n.examples)) for (const [k, ex] of Object.entries(n.examples as Json)) found.push({ where: `${at}.examples.${k}`, schema: n.schema, value: ex.value });
      }
      // A JSON schema's own examples (an array) must satisfy that schema.
      if (Array.isArray(n.examples) && ("type" in n || "$ref" in n || "oneOf" in n || "anyOf" in n)) n.examples.forEach((ex: unknown, i: number) => found.push({ where: `${at}.examples[${i}]`, schema: n, value: ex }));
      for (const [k, v] of Object.entries(n)) walk(v, `${at}.${k}`);
    };
    walk(doc, "$");
    expect(found.filter((f) => f.where.includes(".parameters[")).length).toBeGreaterThanOrEqual(4);
    for (const { where, schema, value } of found) expect(check(doc, schema, value), where).toEqual([]);
  });

  it("each error response declares the details its own codes carry, discriminated by code", async () => {
    const doc = await documentJson();
    const responses = doc.paths["/v3/request"].post.responses;
    const conflict = responses["409"].content["application/json"].schema;
    const forbidden = responses["403"].content["application/json"].schema;
    const envelope = (error: Json) => ({ success: false, data: null, error });
    expect(check(doc, conflict, envelope({ code: "DUPLICATE_EXTERNAL_ID", message: "x", details: { existing_otp_id: "OTP1" } }))).toEqual([]);
    expect(check(doc, conflict, envelope({ code: "DUPLICATE_EXTERNAL_ID", message: "x" }))).not.toEqual([]);
    expect(check(doc, conflict, envelope({ code: "DUPLICATE_EXTERNAL_ID", message: "x", details: { reason: "prefix_spike", prefix: "62899" } }))).not.toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "GEO_NOT_ALLOWED", message: "x", details: { country_code: "44", channel_class: "sms" } }))).toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "FRAUD_BLOCKED", message: "x", details: { reason: "prefix_spike", prefix: "62899" } }))).toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "IP_NOT_ALLOWED", message: "x" }))).toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "FRAUD_BLOCKED", message: "x", details: { country_code: "44", channel_class: "sms" } }))).not.toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "IP_NOT_ALLOWED", message: "x", details: { existing_otp_id: "OTP1" } }))).not.toEqual([]);
    expect(check(doc, forbidden, envelope({ code: "DUPLICATE_EXTERNAL_ID", message: "x", details: { existing_otp_id: "OTP1" } }))).not.toEqual([]);
    // A response whose codes carry no details declares none.
    expect(JSON.stringify(doc.paths["/v3/verify"].post.responses["400"].content["application/json"].schema)).not.toContain("details");
  });

  it("the JSON schema check rejects wrong examples (a wrong type, a missing field, an extra field, an unknown code)", async () => {
    const doc = await documentJson();
    const account = doc.paths["/v3/account"].get.responses["200"].content["application/json"];
    const good = account.examples.account.value;
    expect(check(doc, account.schema, good)).toEqual([]);
    expect(check(doc, account.schema, { ...good, data: { ...good.data, saldo: "99650" } })).not.toEqual([]);
    const { email: _email, ...withoutEmail } = good.data;
    expect(check(doc, account.schema, { ...good, data: withoutEmail })).not.toEqual([]);
    expect(check(doc, account.schema, { ...good, data: { ...good.data, api_key: "sk_live_x" } })).not.toEqual([]);
    expect(check(doc, { $ref: "#/components/schemas/ErrorEnvelope" }, { success: false, data: null, error: { code: "NOPE", message: "x" } })).not.toEqual([]);
  });

  it("request and response examples satisfy the same zod schemas the API uses", () => {
    for (const e of endpoints) {
      const body = e.input?.from === "body" ? e.input : null;
      for (const [name, value] of Object.entries(body?.examples ?? {})) expect(body!.schema.safeParse(value).success, `${e.path} request ${name}`).toBe(true);
      for (const [name, value] of Object.entries(e.response.examples)) expect(e.response.schema.safeParse(value).success, `${e.path} response ${name}`).toBe(true);
    }
  });

  it("every endpoint has an example for every error code it can answer, under that code's HTTP status", async () => {
    const doc = await documentJson();
    for (const e of endpoints) {
      const op = doc.paths[e.path][e.method];
      for (const code of answers(e)) {
        const example = op.responses[String(ERROR_TABLE[code].status)]?.content["application/json"].examples[code]?.value;
        expect(example, `${e.path} ${code}`).toBeDefined();
        expect(errorEnvelope.safeParse(example).success).toBe(true);
        expect(example.error.code).toBe(code);
      }
    }
  });

  it("every /v3 error code is documented somewhere with an example, the spec's table included", async () => {
    const doc = await documentJson();
    const documented = new Set(documentExamples(doc).flatMap(({ value }) => ((value as Json)?.error?.code ? [(value as Json).error.code] : [])));
    expect([...documented].sort()).toEqual([...V3_ERROR_CODES].sort());
  });

  it("documents X-Request-Id on every response, RateLimit-* on successes, Retry-After on 429 and Allow on 405", async () => {
    const doc = await documentJson();
    for (const item of Object.values(doc.paths as Json)) {
      for (const op of Object.values(item as Json)) {
        for (const [status, response] of Object.entries(op.responses as Json)) {
          expect(Object.keys(response.headers)).toContain("X-Request-Id");
          if (status === "200") expect(Object.keys(response.headers)).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]));
          if (status === "429") expect(Object.keys(response.headers)).toContain("Retry-After");
          if (status === "405") expect(Object.keys(response.headers)).toContain("Allow");
        }
      }
    }
  });

  it("is served without an API key", async () => {
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
