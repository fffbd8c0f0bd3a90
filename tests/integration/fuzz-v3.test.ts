// Bad input, generated: random JSON, wrong types, huge strings, unicode, nulls, NUL
// and lone UTF-16 surrogates in every string field and query parameter, random
// methods and headers against every /v3 route handler, the test endpoints included. Whatever arrives,
// the answer is the JSON envelope and never a 5xx, and an error never costs money.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import * as accountRoute from "@/app/v3/account/route";
import * as otpRoute from "@/app/v3/otp/[otpId]/route";
import * as requestRoute from "@/app/v3/request/route";
import * as sendRoute from "@/app/v3/send/route";
import * as topupsRoute from "@/app/v3/topups/route";
import * as verifyRoute from "@/app/v3/verify/route";
import * as catchAllRoute from "@/app/v3/[...path]/route";
import * as testMessagesRoute from "@/app/v3/test/messages/route";
import * as testInboundRoute from "@/app/v3/test/inbound-whatsapp/route";
import * as testReceiptsRoute from "@/app/v3/test/receipts/route";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { routeParams } from "../harness/http";
import { percentEncode } from "../harness/http-fuzz";
import { expectLedgerBalanced, newMerchant, requestOtp, saldoOf, type Merchant } from "../harness/v3-fixtures";

const RUNS = 150;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Record<Method, Handler>;

let merchant: Merchant;
let realOtpId: string;

// The harness empties every table before each test, so each test gets its own merchant.
beforeEach(async () => {
  merchant = await newMerchant({ saldo: 1_000_000 });
  await updateMerchant(merchant.id, { rateLimit: 100_000 });
  realOtpId = (await requestOtp(merchant.key, { channel: "sms", destination: "6281255500001" })).body.data!.otp_id as string;
});

/** Text no field can hold: NUL and lone surrogates, alone and inside ordinary values. */
const brokenText = fc.oneof(
  fc.constantFrom("\udfff", "\ud83d", "Toko \ud800", "\udc00x", "6281234567890\u0000", "\u0000", "a\ud83d\u0000b", "fail@x.test\udfff"),
  fc.string({ unit: "binary", maxLength: 40 }),
);

// Values of every shape, including the awkward ones.
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 3000 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, "", " ", "null", "0", "🙂", "\u0000", "٣٤٥", "6281234567890", "fail@x.test", "x".repeat(10_000)),
  brokenText,
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.dictionary(brokenText, anyText(), { maxKeys: 2 }),
);

function anyText() {
  return fc.oneof(brokenText, fc.string({ maxLength: 40 }));
}

const phoneish = fc.oneof(fc.stringMatching(/^\+?(62|0)8\d{7,12}$/), fc.stringMatching(/^[0-9 +()-]{0,20}$/));
const channel = fc.oneof(fc.constantFrom("sms", "whatsapp", "email", "misscall", "voice", "whatsapp_inbound", "SMS", "telegram"), anyValue);

function fields(shape: Record<string, fc.Arbitrary<unknown>>) {
  return fc.record(shape, { requiredKeys: [] });
}

const creation = fields({
  channel,
  destination: fc.oneof(phoneish, anyValue),
  number: fc.oneof(phoneish, anyValue),
  email: fc.oneof(fc.emailAddress(), anyValue),
  otp: fc.oneof(fc.stringMatching(/^\d{4,8}$/), anyValue),
  otp_length: fc.oneof(fc.integer({ min: -5, max: 20 }), anyValue),
  ttl: fc.oneof(fc.integer({ min: -100, max: 100_000 }), anyValue),
  brand: anyValue,
  external_id: anyValue,
  signals: fc.oneof(fields({ ip: fc.oneof(fc.ipV4(), anyValue), device_id: anyValue, user_agent: anyValue }), anyValue),
  fallback: fc.oneof(fc.array(fc.oneof(fc.constantFrom("sms", "whatsapp", "voice"), brokenText), { maxLength: 3 }), anyValue),
});
const verification = fields({ otp_id: fc.oneof(fc.constant("REAL"), anyValue), otp: fc.oneof(fc.stringMatching(/^\d{4,6}$/), anyValue) });
const inbound = fields({ from: fc.oneof(phoneish, anyValue), text: anyValue });
const receipt = fields({ otp_id: fc.oneof(fc.constant("REAL"), anyValue), status: fc.oneof(fc.constantFrom("delivered", "failed"), anyValue) });
/** A query of the test messages endpoint's parameters (and a stray one), each value percent-encoded as a client would. */
const messagesQuery = fc
  .dictionary(fc.constantFrom("otp_id", "destination", "limit", "x"), fc.oneof(anyText(), fc.integer({ min: -5, max: 600 }).map(String), fc.constant("REAL")), { maxKeys: 4 })
  .map((q) => Object.entries(q).map(([k, v]) => `${k}=${percentEncode(v)}`).join("&"));
const topup = fields({ amount: fc.oneof(fc.integer({ min: -1000, max: 100_000_000 }), anyValue), payment_method: anyValue, method: anyValue });

/** A body as sent on the wire: JSON of a shaped object, any JSON, raw text, or nothing. */
function body(shaped: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((o) => JSON.stringify(o, (_k, v) => (v === "REAL" ? realOtpId : v))) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, "", "{", "[]", "null", '{"channel":', "\u0000", `{"pad":"${"x".repeat(70_000)}"}`) },
  );
}

const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, "").trim());
const headers = fc.record(
  {
    auth: fc.oneof(
      { weight: 8, arbitrary: fc.constant("valid") },
      { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
      { weight: 1, arbitrary: fc.constantFrom("none", "", "Bearer", "Basic abc", "bearer sk_live_nope_nope_nope") },
    ),
    contentType: fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "", "multipart/form-data", "application/x-www-form-urlencoded"),
    forwardedFor: fc.oneof(fc.ipV4(), fc.ipV6(), headerValue),
    extra: fc.dictionary(fc.stringMatching(/^x-[a-z0-9-]{1,15}$/), headerValue, { maxKeys: 3 }),
  },
  { requiredKeys: ["auth"] },
);

type Case = { method: Method; body?: string; headers: { auth: string; contentType?: string; forwardedFor?: string; extra?: Record<string, string> }; param?: string };

function buildRequest(path: string, c: Case, key: string): Request {
  const h = new Headers(c.headers.extra ?? {});
  if (c.headers.auth === "valid") h.set("authorization", `Bearer ${key}`);
  else if (c.headers.auth !== "none") h.set("authorization", c.headers.auth);
  if (c.headers.contentType !== undefined) h.set("content-type", c.headers.contentType);
  if (c.headers.forwardedFor !== undefined) h.set("x-forwarded-for", c.headers.forwardedFor);
  const withBody = c.body !== undefined && c.method !== "GET";
  return new Request(`http://localhost:3000${path}`, { method: c.method, headers: h, body: withBody ? c.body : undefined });
}

async function assertEnvelopeAndNoCharge(response: Response, saldoBefore: number, allowChargeOnSuccess: boolean, saldoOfWorld: () => Promise<number>): Promise<void> {
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("content-type") ?? "").toContain("application/json");
  const parsed = JSON.parse(await response.text()) as { success: unknown; data: unknown; error: { code?: unknown; message?: unknown } | null };
  expect(Object.keys(parsed).sort()).toEqual(["data", "error", "success"]);
  const saldo = await saldoOfWorld();
  if (parsed.success === true) {
    expect(response.status).toBe(200);
    expect(parsed.error).toBeNull();
    if (!allowChargeOnSuccess) expect(saldo).toBe(saldoBefore);
    else expect(saldo).toBeLessThanOrEqual(saldoBefore);
  } else {
    expect(parsed.success).toBe(false);
    expect(parsed.data).toBeNull();
    expect(typeof parsed.error?.code).toBe("string");
    expect(typeof parsed.error?.message).toBe("string");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(saldo).toBe(saldoBefore);
  }
  expect(await expectLedgerBalanced(merchant.id)).toBe(true);
}

type FuzzOptions = { param?: boolean; charges?: boolean; get?: boolean; test?: boolean; query?: fc.Arbitrary<string> };

function fuzzRoute(name: string, route: RouteModule, path: (param?: string) => string, shaped: fc.Arbitrary<Record<string, unknown>>, options: FuzzOptions = {}) {
  it(`${name}: always the envelope, never a 5xx, never a charge on an error`, async () => {
    const usual: Method = route === (accountRoute as unknown) || options.param || options.get ? "GET" : "POST";
    const method = fc.oneof({ weight: 6, arbitrary: fc.constant<Method>(usual) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
    const param = fc.oneof(fc.constant("REAL"), fc.string({ unit: "grapheme", maxLength: 80 }), brokenText, fc.stringMatching(/^OTP\d{8}[A-Z]{4}\d{6}$/), fc.constant("x".repeat(5000)));
    // The test endpoints answer a test key (a live key gets 404); their saldo is the test world's.
    const key = () => (options.test ? merchant.testKey : merchant.key);
    const saldo = () => saldoOf(options.test ? merchant.testId : merchant.id);
    await fc.assert(
      fc.asyncProperty(fc.record({ method, body: body(shaped), headers, param, query: options.query ?? fc.constant("") }), async (c) => {
        const saldoBefore = await saldo();
        const value = c.param === "REAL" ? realOtpId : c.param;
        const ctx = options.param ? routeParams({ otpId: value }) : undefined;
        const search = c.query ? `?${c.query.replaceAll("REAL", realOtpId)}` : "";
        const response = await route[c.method](buildRequest(`${path(options.param ? percentEncode(value) : undefined)}${search}`, c as Case, key()), ctx);
        await assertEnvelopeAndNoCharge(response, saldoBefore, options.charges === true, saldo);
      }),
      { numRuns: RUNS },
    );
  });
}

describe("fuzzing every /v3 endpoint with bad input", () => {
  fuzzRoute("POST /v3/request", requestRoute as unknown as RouteModule, () => "/v3/request", creation, { charges: true });
  fuzzRoute("POST /v3/send", sendRoute as unknown as RouteModule, () => "/v3/send", creation, { charges: true });
  fuzzRoute("POST /v3/verify", verifyRoute as unknown as RouteModule, () => "/v3/verify", verification);
  fuzzRoute("GET /v3/otp/{otp_id}", otpRoute as unknown as RouteModule, (p) => `/v3/otp/${p}`, fields({}), { param: true });
  fuzzRoute("GET /v3/account", accountRoute as unknown as RouteModule, () => "/v3/account", fields({}));
  fuzzRoute("POST /v3/topups", topupsRoute as unknown as RouteModule, () => "/v3/topups", topup);
  fuzzRoute("unknown /v3 paths", catchAllRoute as unknown as RouteModule, () => "/v3/nope", creation);
  fuzzRoute("GET /v3/test/messages", testMessagesRoute as unknown as RouteModule, () => "/v3/test/messages", fields({}), { get: true, test: true, query: messagesQuery });
  fuzzRoute("POST /v3/test/inbound-whatsapp", testInboundRoute as unknown as RouteModule, () => "/v3/test/inbound-whatsapp", inbound, { test: true });
  fuzzRoute("POST /v3/test/receipts", testReceiptsRoute as unknown as RouteModule, () => "/v3/test/receipts", receipt, { test: true });
});
