import { expect, test } from "@playwright/test";
import { connect } from "node:net";
import { dechunk } from "../tests/harness/http-fuzz";
import { otpctl } from "./support/otpctl";

test("an operator creates a merchant with otpctl while the server runs, and the merchant completes an OTP over HTTP", async ({ request }) => {
  const merchant = otpctl<{ merchant_id: string; api_key: string }>("merchant", "create", "--name", "Toko E2E", "--email", `e2e-${Date.now()}@toko.test`, "--saldo", "5000");
  const auth = { Authorization: `Bearer ${merchant.api_key}` };

  const created = await request.post("/v3/request", { headers: auth, data: { channel: "sms", destination: "6281234567890" } });
  expect(created.status()).toBe(200);
  const otp = (await created.json()).data;
  expect(otp).toMatchObject({ status: "sent", price: 450, last_balance: 4550 });

  const [message] = otpctl<{ code: string; otp_id: string }[]>("sandbox", "messages", "--otp-id", otp.otp_id);
  const verified = await request.post("/v3/verify", { headers: auth, data: { otp_id: otp.otp_id, otp: message.code } });
  expect((await verified.json()).data).toEqual({ otp_id: otp.otp_id, verified: true, reason: "" });

  const detail = await request.get(`/v3/otp/${otp.otp_id}`, { headers: auth });
  expect((await detail.json()).data.status).toBe("verified");
  expect(detail.headers()["x-request-id"]).toBeTruthy();
  expect(detail.headers()["ratelimit-limit"]).toBe("20");
});

test("the allowlist sees the connection's address, believes a local proxy's X-Forwarded-For, and ignores a client's copy of the internal peer header", async ({ request }) => {
  const merchant = otpctl<{ api_key: string }>("merchant", "create", "--name", "Toko IP", "--email", `e2e-ip-${Date.now()}@toko.test`, "--ip-allowlist", "127.0.0.1");
  const auth = { Authorization: `Bearer ${merchant.api_key}` };
  expect((await request.get("/v3/account", { headers: auth })).status()).toBe(200);
  expect((await request.get("/v3/account", { headers: { ...auth, "x-sandi-peer-address": "10.9.9.9" } })).status()).toBe(200);
  // The test client connects from 127.0.0.1, a trusted proxy by default, so the header it forwards names the client.
  const forwarded = await request.get("/v3/account", { headers: { ...auth, "x-forwarded-for": "203.0.113.5" } });
  expect(forwarded.status()).toBe(403);
  expect((await forwarded.json()).error.message).toContain("203.0.113.5");
});

test("bad requests get the JSON envelope, never HTML", async ({ request }) => {
  for (const [method, path] of [["GET", "/v3/nope"], ["GET", "/v3/request"], ["POST", "/v3/verify"]] as const) {
    const res = await request.fetch(path, { method, headers: { "content-type": "application/json" }, data: method === "POST" ? "{bad json" : undefined });
    expect(res.headers()["content-type"]).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ success: false, data: null });
    expect(res.status()).toBeLessThan(500);
  }
});

test("the fuzz run's two findings, over HTTP: a lone surrogate in external_id is 400 VALIDATION_ERROR, and a tRPC query input of NUL gets the dashboard's Indonesian message", async ({ request }) => {
  const merchant = otpctl<{ api_key: string }>("merchant", "create", "--name", "Toko Fuzz", "--email", `e2e-fuzz-${Date.now()}@toko.test`, "--saldo", "5000");
  // The body as the fuzzer sent it: a JSON escape for half a UTF-16 pair.
  const raw = '{"channel":"sms","destination":"6281234567890","external_id":"\\ud83d"}';
  const created = await request.post("/v3/request", { headers: { Authorization: `Bearer ${merchant.api_key}`, "content-type": "application/json" }, data: raw });
  expect(created.status()).toBe(400);
  expect((await created.json()).error).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/^external_id berisi karakter Unicode yang tidak valid/) });

  const trpc = await request.get("/api/trpc/account.messagePreviews?input=%00");
  expect(trpc.status()).toBe(400);
  expect((await trpc.json()).error.message).toBe("Isian tidak valid.");
});

/** One raw HTTP/1.1 exchange, for requests no HTTP client will send (CONNECT, unknown methods, garbage). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
  });
}

test("methods Next.js cannot represent, unknown methods, malformed requests and undecodable paths still get the envelope, never a 500", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  for (const [request, status, code] of [
    ["TRACE /v3/account HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 405, "METHOD_NOT_ALLOWED"],
    ["TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 405, "METHOD_NOT_ALLOWED"],
    ["CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n", 405, "METHOD_NOT_ALLOWED"],
    ["PROPFIND /v3/account HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 405, "METHOD_NOT_ALLOWED"],
    ["FOO /v3/account HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["this is not http\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["GET /v3/otp/%ZZ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400, "VALIDATION_ERROR"],
  ] as const) {
    const answer = await rawExchange(port, request);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head, request).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head.toLowerCase()).toContain("content-type: application/json");
    expect(JSON.parse(body)).toMatchObject({ success: false, data: null, error: { code } });
  }
});

test("requests Next cannot represent on /v3 (target *, RSC header, dot segments, backslash, absolute URI, no Host, unknown Expect) get the envelope with X-Request-Id", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  for (const [request, status, code] of [
    ["OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["GET /v3/account HTTP/1.1\r\nHost: localhost\r\nRSC: 1\r\nNext-Router-State-Tree: %5B%5D\r\nConnection: close\r\n\r\n", 401, "UNAUTHORIZED"],
    ["GET /v3/../v3/account HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["GET /v3\\account HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["GET http://evil.example/v3/account HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 401, "UNAUTHORIZED"],
    ["GET /v3/account HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["GET /v3/account HTTP/1.0\r\n\r\n", 400, "VALIDATION_ERROR"],
    ["POST /v3/request HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", 417, "VALIDATION_ERROR"],
  ] as const) {
    const answer = await rawExchange(port, request);
    const [head, ...rest] = answer.split("\r\n\r\n");
    expect(head, request).toMatch(new RegExp(`^HTTP/1\\.[01] ${status} `));
    expect(head.toLowerCase(), request).toContain("content-type: application/json");
    expect(head.toLowerCase(), request).toMatch(/x-request-id: \S+/);
    const body = rest.join("\r\n\r\n");
    expect(JSON.parse(/transfer-encoding: chunked/i.test(head) ? dechunk(body) : body), request).toMatchObject({ success: false, data: null, error: { code } });
  }
});

test("a request asking to upgrade (websocket, h2c) is answered like any other, the upgrade ignored", async ({ baseURL, request }) => {
  const port = Number(new URL(baseURL!).port);
  // Next attaches its upgrade handling on the first request it serves; make sure one came before.
  expect((await request.get("/healthz")).status()).toBe(200);
  for (const [target, upgrade] of [
    ["/v3/account", "Upgrade: websocket\r\nConnection: Upgrade, close\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13"],
    ["/v3/account", "Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings, close\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA"],
    ["/healthz", "Upgrade: websocket\r\nConnection: Upgrade, close\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13"],
  ] as const) {
    const answer = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${upgrade}\r\n\r\n`);
    const [head] = answer.split("\r\n\r\n");
    expect(head, `${target} ${upgrade}`).toMatch(target === "/healthz" ? /^HTTP\/1\.1 200 / : /^HTTP\/1\.1 401 /);
    if (target !== "/healthz") expect(answer).toContain('"code":"UNAUTHORIZED"');
  }
});

test("a /v3 path with a trailing or doubled slash is served as the endpoint, not redirected", async ({ request }) => {
  for (const path of ["/v3/account/", "/v3//account"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, data: null, error: { code: "UNAUTHORIZED" } });
  }
});

test("the API reference renders from the OpenAPI document", async ({ page, request }) => {
  const doc = await request.get("/v3/openapi.json");
  expect((await doc.json()).openapi).toBe("3.1.0");
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Referensi API Sandi v3" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /post\s*\/v3\/request/i })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/docs.png", fullPage: false });
});
