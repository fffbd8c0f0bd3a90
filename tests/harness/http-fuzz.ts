// Generated bad requests against a running server, over raw TCP so that nothing
// (no HTTP client) tidies them first: odd methods and request targets, dot segments,
// missing Host, junk headers and bodies, NUL characters and lone UTF-16 surrogates
// in every string field and query parameter. Covers /v3 (test endpoints included), the vendor
// callbacks (/api/hooks/*), the dashboard's tRPC endpoint and next-auth. Used by
// e2e/fuzz.spec.ts (fixed seed, small count) and scripts/fuzz-http.ts (full run).
import fc from "fast-check";
import { connect } from "node:net";

export type FuzzCase = { area: "v3" | "hooks" | "trpc" | "auth"; method: string; target: string; headers: [string, string][]; body: string };
export type FuzzAnswer = { status: number; headers: Record<string, string>; body: string };
export type FuzzProblem = { kind: "5xx" | "not-envelope" | "no-request-id" | "no-answer"; case: FuzzCase; answer?: FuzzAnswer };
export type FuzzReport = { sent: number; byArea: Record<string, number>; byStatus: Record<string, number>; problems: FuzzProblem[] };

const NASTY = ["", " ", "\u0000", "a\u0000b@x.id", "a\u0001b@x.id", "🙂", "٣٤٥", "null", "0", "-1", "1e400", "../../etc/passwd", "<script>", "%00", "x".repeat(5000)];
/** Text no field can hold: NUL and lone surrogates (JSON.stringify writes them as \\u escapes, so they reach the parser as sent). */
const BROKEN_TEXT = ["\udfff", "\ud83d", "Toko \ud800", "\udc00x", "6281234567890\u0000", "\u0000", "OTP\u0000x", "a\ud83d\u0000b"];
const broken = fc.oneof(fc.constantFrom(...BROKEN_TEXT), fc.string({ unit: "binary", maxLength: 20 }));
const nasty = fc.oneof(fc.constantFrom(...NASTY), broken, fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }));
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.integer(), fc.double(), fc.dictionary(nasty, nasty, { maxKeys: 3 }));

/** Percent-encodes every UTF-16 unit; a lone surrogate as the bytes a WTF-8 client would send (%ED%xx%xx). */
export function percentEncode(text: string): string {
  let out = "";
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string of known parameters (and junk ones) with awkward values, NUL and lone surrogates included. */
const QUERY_NAMES = ["otp_id", "destination", "limit", "input", "batch", "x"];
const query = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURI) },
  { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), fc.oneof(nasty, fc.integer().map(String))), { minLength: 1, maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `${k}=${percentEncode(v)}`).join("&")) },
);

/** Path segments as attackers write them: dot segments, backslashes, encodings, doubled slashes. */
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/) },
  { weight: 1, arbitrary: fc.constantFrom(".", "..", "%2e%2e", "%2E", "\\", "%5c", "", "%00", "%ZZ", "%", "a%20b", "OTP00000000ABCD000000", "TC20260101UNKNOWN1") },
);
const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, "").trim());

function targetFor(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.array(segment, { maxLength: 3 }), fc.option(query), fc.integer({ min: 0, max: 19 })).map(([path, extra, search, shape]) => {
    let target = [path, ...extra].join("/");
    if (search !== null) target += `?${search}`;
    if (shape === 0) return `http://evil.example${target}`;
    if (shape === 1) return target.replace("/", "//");
    if (shape === 2) return `${target}/`;
    if (shape === 3) return "*";
    return target;
  });
}

const v3Base = fc.constantFrom(
  "/v3",
  "/v3/request",
  "/v3/send",
  "/v3/verify",
  "/v3/account",
  "/v3/otp",
  "/v3/topups",
  "/v3/openapi.json",
  "/v3/test/messages",
  "/v3/test/inbound-whatsapp",
  "/v3/test/receipts",
  "/v3/nope",
);
const hookBase = fc.constantFrom("/api/hooks/whatsapp", "/api/hooks/twilio/status", "/api/hooks/xendit", "/api/hooks/nope");
const procedures = ["account.signUp", "account.me", "apiKeys.create", "apiKeys.revoke", "apiKeys.list", "webhooks.setUrl", "webhooks.resend", "webhooks.sendTest", "webhooks.rotateSecret", "reports.transaction", "reports.completeInbound", "topups.create", "nope.nope"];
const trpcBase = fc.oneof(fc.constantFrom(...procedures.map((p) => `/api/trpc/${p}`)), fc.constant(`/api/trpc/${procedures.slice(0, 3).join(",")}`));
const authBase = fc.constantFrom("/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/api/auth/callback/credentials", "/api/auth/signin", "/api/auth/signout", "/api/auth/nope");

const method = fc.oneof({ weight: 8, arbitrary: fc.constantFrom("GET", "POST") }, { weight: 2, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") }, { weight: 1, arbitrary: fc.constantFrom("PROPFIND", "FOO", "TRACE", "get") });
const contentType = fc.constantFrom("application/json", "application/json; charset=utf-8", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/plain", "", "application/xml");

/** A JSON object with fields an endpoint knows, filled with awkward values, or a body that is not JSON at all. */
function bodyFor(fields: string[]): fc.Arbitrary<string> {
  const known = fc.dictionary(fc.constantFrom(...fields), anyJson, { maxKeys: fields.length });
  return fc.oneof(
    { weight: 5, arbitrary: known.map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? "") },
    { weight: 1, arbitrary: known.map((o) => ({ 0: o, 1: o })).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.constantFrom("", "{", "{bad json", "[]", "null", "\u0000", "a=b&c=%00", `{"pad":"${"x".repeat(70_000)}"}`) },
  );
}

const v3Fields = ["channel", "destination", "number", "email", "otp", "otp_id", "ttl", "otp_length", "brand", "external_id", "amount", "payment_method_id", "signals", "fallback", "from", "text", "status"];
const hookFields = ["entry", "object", "event", "data", "reference_id", "external_id", "payment_id", "callback_virtual_account_id", "MessageSid", "MessageStatus", "CallSid"];
const trpcFields = ["json", "input", "name", "email", "password", "brandName", "keyId", "url", "eventId", "otpId", "amount"];
const authFields = ["email", "password", "csrfToken", "callbackUrl", "json", "redirect"];

type Keys = { apiKey?: string; testApiKey?: string };

function area(name: FuzzCase["area"], base: fc.Arbitrary<string>, fields: string[], keys: Keys): fc.Arbitrary<FuzzCase> {
  const valid = [keys.apiKey ?? "sk_live_none", ...(keys.testApiKey ? [keys.testApiKey] : [])].map((k) => `Bearer ${k}`);
  const auth = fc.oneof(fc.constantFrom(...valid), headerValue.map((v) => `Bearer ${v}`), fc.constantFrom("", "Basic abc", "Bearer"));
  const headers = fc.record(
    {
      host: fc.oneof({ weight: 9, arbitrary: fc.constant("localhost") }, { weight: 1, arbitrary: fc.constantFrom("", "evil.example") }),
      authorization: auth,
      "content-type": contentType,
      "x-forwarded-for": fc.oneof(fc.ipV4(), fc.ipV6(), headerValue),
      "x-sandi-peer-address": fc.ipV4(),
      origin: fc.constantFrom("http://evil.example", "null", "http://localhost"),
      "sec-fetch-site": fc.constantFrom("cross-site", "same-origin", "none"),
      rsc: fc.constant("1"),
      "next-action": headerValue,
      "x-hub-signature-256": headerValue.map((v) => `sha256=${v}`),
      "x-twilio-signature": headerValue,
      "x-callback-token": headerValue,
      // Rarely unknown: an unknown Expect is answered (417) before any route sees the request.
      expect: fc.oneof({ weight: 9, arbitrary: fc.constant("100-continue") }, { weight: 1, arbitrary: fc.constant("something-else") }),
    },
    { requiredKeys: ["host"] },
  );
  return fc.record({ method, target: targetFor(base), headers, body: bodyFor(fields) }).map(({ method: m, target, headers: h, body }) => ({
    area: name,
    method: m,
    target,
    headers: Object.entries(h).filter(([k, v]) => !(k === "host" && v === "")) as [string, string][],
    body: m === "GET" || m === "HEAD" ? "" : body,
  }));
}

/** `testApiKey` (sk_test_…) lets generated requests reach the /v3/test endpoints too. */
export function fuzzCases(options: { seed: number; count: number } & Keys): FuzzCase[] {
  const all = fc.oneof(
    { weight: 4, arbitrary: area("v3", v3Base, v3Fields, options) },
    { weight: 2, arbitrary: area("hooks", hookBase, hookFields, options) },
    { weight: 2, arbitrary: area("trpc", trpcBase, trpcFields, options) },
    { weight: 2, arbitrary: area("auth", authBase, authFields, options) },
  );
  return fc.sample(all, { seed: options.seed, numRuns: options.count });
}

/** One request over its own connection; the answer as the server sent it (chunked bodies joined). */
export function exchange(port: number, c: FuzzCase): Promise<FuzzAnswer | null> {
  const body = Buffer.from(c.body);
  const head = [`${c.method} ${c.target} HTTP/1.1`, ...c.headers.map(([k, v]) => `${k}: ${v}`), `content-length: ${body.length}`, "connection: close"].join("\r\n");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // write, not end: a client that half-closes at once makes Node drop the request unanswered (no real client does that).
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body])));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(parseAnswer(Buffer.concat(chunks).toString("utf8"))));
    socket.setTimeout(30_000, () => socket.destroy());
  });
}

function parseAnswer(whole: string): FuzzAnswer | null {
  // Interim answers (100 Continue) come first; the final one follows.
  let raw = whole;
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw) && raw.includes("\r\n\r\n")) raw = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const cut = raw.indexOf("\r\n\r\n");
  if (cut < 0) return null;
  const [statusLine, ...lines] = raw.slice(0, cut).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = raw.slice(cut + 4);
  return { status, headers, body: /chunked/i.test(headers["transfer-encoding"] ?? "") ? dechunk(rest) : rest };
}

/** The payload of a chunked HTTP/1.1 body. */
export function dechunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size || lineEnd < 0) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** The target's path as the server routes it: absolute-form targets count by their path. */
function isV3Target(target: string): boolean {
  const path = target.replace(/^https?:\/\/[^/]*/i, "");
  return /^\/v3(?:$|[/\\?]|%5c)/i.test(path);
}

/** The one /v3 success that is not an envelope: the OpenAPI document itself. */
function isOpenApiDocument(c: FuzzCase, answer: FuzzAnswer): boolean {
  return answer.status === 200 && /^(https?:\/\/[^/]*)?\/v3\/openapi\.json(\?|$)/.test(c.target) && answer.body.startsWith('{"openapi":');
}

function isEnvelope(answer: FuzzAnswer): boolean {
  if (!(answer.headers["content-type"] ?? "").includes("application/json")) return false;
  try {
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    return typeof parsed.success === "boolean" && "data" in parsed && "error" in parsed;
  } catch {
    return false;
  }
}

export async function runFuzz(options: { port: number; seed: number; count: number; concurrency?: number } & Keys): Promise<FuzzReport> {
  const cases = fuzzCases(options);
  const report: FuzzReport = { sent: 0, byArea: {}, byStatus: {}, problems: [] };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const answer = await exchange(options.port, c);
      report.sent += 1;
      report.byArea[c.area] = (report.byArea[c.area] ?? 0) + 1;
      report.byStatus[String(answer?.status ?? "none")] = (report.byStatus[String(answer?.status ?? "none")] ?? 0) + 1;
      if (!answer) report.problems.push({ kind: "no-answer", case: c });
      else if (answer.status >= 500) report.problems.push({ kind: "5xx", case: c, answer });
      else if (isV3Target(c.target) && c.method !== "HEAD" && !isEnvelope(answer) && !isOpenApiDocument(c, answer)) report.problems.push({ kind: "not-envelope", case: c, answer });
      else if (isV3Target(c.target) && !answer.headers["x-request-id"]) report.problems.push({ kind: "no-request-id", case: c, answer });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
