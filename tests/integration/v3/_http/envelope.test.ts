// The /v3 envelope: whatever arrives, the answer is {success, data, error} JSON
// with an X-Request-Id — never HTML, never a stack trace, never a 500 for bad input.
import { describe, expect, it } from "vitest";
import { GET as catchAll } from "@/app/v3/[...path]/route";
import * as catchAllRoute from "@/app/v3/[...path]/route";
import * as rootRoute from "@/app/v3/route";
import { GET as accountGet } from "@/app/v3/account/route";
import { POST as requestPost } from "@/app/v3/request/route";
import { MAX_BODY_BYTES } from "@/server/envelope.mjs";
import { v3Route } from "@/server/http/v3-route";
import { readEnvelope, routeParams, v3Request } from "../../../harness/http";
import { newMerchant } from "../../../harness/v3-fixtures";
import { captureLog } from "../../../harness/log-lines";

const echoBody = v3Route(async (ctx) => ({ received: await ctx.json(), again: await ctx.json() }));
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function streamed(text: string, headers: Record<string, string>): Request {
  const body = new ReadableStream({
    start(c) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
      c.close();
    },
  });
  return new Request("http://localhost/v3/request", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("/v3 envelope", () => {
  it("malformed JSON is 400 VALIDATION_ERROR in the envelope", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await requestPost(v3Request("/v3/request", { key: m.key, rawBody: '{"channel": "sms",' })));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ success: false, data: null, error: { code: "VALIDATION_ERROR", message: expect.any(String) } });
  });

  it("an empty body is 400 VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await requestPost(v3Request("/v3/request", { method: "POST", key: m.key })));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("the body is parsed as JSON whatever Content-Type says, and ctx.json() can be read twice", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await echoBody(v3Request("/v3/x", { key: m.key, rawBody: '{"a":1}', headers: { "content-type": "text/plain" } })));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: { a: 1 }, again: { a: 1 } });
  });

  it("an unknown /v3 path is a 404 NOT_FOUND envelope for every method", async () => {
    for (const method of METHODS) {
      const res = await readEnvelope(await catchAllRoute[method](v3Request("/v3/nope/deeper", { method }), routeParams({ path: ["nope", "deeper"] })));
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ success: false, data: null, error: { code: "NOT_FOUND" } });
    }
    // /v3/otp without an id has no route of its own either.
    expect((await readEnvelope(await catchAll(v3Request("/v3/otp"), routeParams({ path: ["otp"] })))).status).toBe(404);
  });

  it("/v3 itself is a 404 NOT_FOUND envelope for every method", async () => {
    for (const method of METHODS) {
      const res = await readEnvelope(await rootRoute[method](v3Request("/v3", { method })));
      expect(res.status, method).toBe(404);
      expect(res.body.error?.code).toBe("NOT_FOUND");
    }
  });

  it("a body whose Content-Length exceeds 64 KB is 413 PAYLOAD_TOO_LARGE before it is read", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await echoBody(v3Request("/v3/x", { key: m.key, rawBody: "{}", headers: { "content-length": String(MAX_BODY_BYTES + 1) } })));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: "PAYLOAD_TOO_LARGE" } });
  });

  it("a body without Content-Length is cut off past 64 KB with 413 PAYLOAD_TOO_LARGE", async () => {
    const m = await newMerchant();
    const big = JSON.stringify({ channel: "sms", destination: "6281234567890", brand: "x".repeat(MAX_BODY_BYTES) });
    const res = await readEnvelope(await requestPost(streamed(big, { authorization: `Bearer ${m.key}` })));
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
    const justUnder = await readEnvelope(await echoBody(streamed(JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES - 20) }), { authorization: `Bearer ${m.key}` })));
    expect(justUnder.status).toBe(200);
  });

  it("an unexpected error is 500 INTERNAL_ERROR in the envelope, without its message or stack", async () => {
    const m = await newMerchant();
    const logged = captureLog();
    const boom = v3Route(async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const res = await readEnvelope(await boom(v3Request("/v3/x", { key: m.key })));
    logged.restore();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, data: null, error: { code: "INTERNAL_ERROR", message: expect.any(String) } });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|at .*\.ts/);
    // The operator's side: the stack, under the request id the client was given.
    const line = logged.lines.find((l) => l.msg === "unhandled error in /v3 handler");
    expect(line).toMatchObject({ level: "error", request_id: res.headers.get("x-request-id"), error: expect.stringContaining("postgres://secret@db") });
  });

  it("a handler that returns nothing still answers the full envelope, data null", async () => {
    const m = await newMerchant();
    const nothing = v3Route(async () => undefined);
    const res = await readEnvelope(await nothing(v3Request("/v3/x", { key: m.key })));
    expect(res.body).toEqual({ success: true, data: null, error: null });
  });

  it("every response carries its own X-Request-Id: success, 401, 404, 405, 500", async () => {
    const m = await newMerchant();
    const logged = captureLog();
    const responses = [
      await accountGet(v3Request("/v3/account", { key: m.key })),
      await accountGet(v3Request("/v3/account")),
      await catchAll(v3Request("/v3/nope"), routeParams({ path: ["nope"] })),
      await (await import("@/app/v3/account/route")).POST(v3Request("/v3/account", { body: {} })),
      await v3Route(async () => Promise.reject(new Error("x")))(v3Request("/v3/x", { key: m.key })),
    ];
    logged.restore();
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 405, 500]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
