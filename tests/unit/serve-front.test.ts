import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER as RESOLVER_PEER_HEADER } from "@/server/http/client-ip";
import { apiUrl, clientErrorAnswer, expectationAnswer, frontAnswer, PEER_ADDRESS_HEADER, prepareRequest, rawResponse } from "../../src/server/front/serve-front.mjs";

/** What a handler behind prepareRequest sees for one request sent with `headers` over a real socket. */
async function headersBehindFront(headers: Record<string, string | string[]>, path = "/v3/account"): Promise<IncomingHttpHeaders> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer((req, res) => {
    prepareRequest(req);
    seen = { ...req.headers };
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => res.resume().on("end", resolve));
    req.on("error", reject).end();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return seen;
}

describe("the production server's front", () => {
  it("drops the headers that steer Next's page router from API requests only, and a client's Next-Action everywhere", async () => {
    const steering = { rsc: "1", "next-router-state-tree": "%5B%5D", "next-router-prefetch": "1", "next-action": "abc", "x-middleware-subrequest": "middleware", "next-url": "/x" };
    const api = await headersBehindFront({ ...steering, "x-request-id": "keep" });
    for (const name of Object.keys(steering)) expect(api[name], name).toBeUndefined();
    expect(api["x-request-id"]).toBe("keep");
    const page = await headersBehindFront(steering, "/overview");
    expect(page.rsc).toBe("1");
    expect(page["next-router-state-tree"]).toBe("%5B%5D");
    // No server actions exist, so a client's action id is dropped everywhere.
    expect(page["next-action"]).toBeUndefined();
    expect(page["x-middleware-subrequest"]).toBeUndefined();
    expect((await headersBehindFront(steering, "/api/trpc/apiKeys.list")).rsc).toBeUndefined();
  });

  it("answers a target that is not a path (OPTIONS *) with a 400 envelope", () => {
    const answer = frontAnswer("OPTIONS", "*", { host: "localhost" })!;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, data: null, error: { code: "VALIDATION_ERROR" } });
  });

  it("serves an absolute-form target as its path, never redirecting to the host it names", () => {
    expect(frontAnswer("GET", "http://evil.example/v3/account", { host: "localhost" })).toBeNull();
    expect(apiUrl("http://evil.example/v3/account?x=1")).toBe("/v3/account?x=1");
    expect(apiUrl("HTTPS://evil.example")).toBe("/");
    expect(apiUrl("http://evil.example/v3//account/")).toBe("/v3/account");
    expect(apiUrl("http://evil.example/v3/account?x=1#frag")).toBe("/v3/account?x=1");
    expect(expectationAnswer("http://evil.example/v3/request/..?#x").headers["content-type"]).toBe("application/json");
    expect(frontAnswer("GET", "http://evil.example/v3/../overview", { host: "x" })!.status).toBe(400);
  });

  it("answers a request without Host with a 400: the envelope under /v3, plain text elsewhere", () => {
    expect(JSON.parse(frontAnswer("GET", "/v3/account", {})!.body)).toMatchObject({ error: { code: "VALIDATION_ERROR", message: "Header Host wajib dikirim." } });
    expect(frontAnswer("GET", "/v3/account", { host: "" })!.status).toBe(400);
    expect(frontAnswer("GET", "/overview", {})).toMatchObject({ status: 400, body: "Bad Request" });
    expect(frontAnswer("GET", "/v3/account", { host: "localhost" })).toBeNull();
  });

  it("answers /v3 paths with dot segments or backslashes with a 400 envelope instead of Next's redirect", () => {
    for (const url of ["/v3/../v3/account", "/v3/./account", "/v3/account/..", "/v3\\account", "/v3/%2e%2e/overview", "/v3/%2E/account", "/v3/otp%5cx"]) {
      const answer = frontAnswer("GET", url, { host: "localhost" });
      expect(answer?.status, url).toBe(400);
      expect(JSON.parse(answer!.body)).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    }
    expect(frontAnswer("GET", "/v3/otp/OTP..1", { host: "localhost" })).toBeNull();
  });

  it("answers an unknown Expect with a 417 envelope under /v3, plain text elsewhere", () => {
    const api = expectationAnswer("/v3/request");
    expect(api.status).toBe(417);
    expect(api.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(api.body)).toMatchObject({ success: false, error: { code: "VALIDATION_ERROR" } });
    expect(expectationAnswer("/sign-in")).toMatchObject({ status: 417, body: "Expectation Failed" });
  });

  it("writes the connection's address into the peer header, replacing every copy the client sent", async () => {
    expect(PEER_ADDRESS_HEADER).toBe(RESOLVER_PEER_HEADER);
    const seen = await headersBehindFront({ [PEER_ADDRESS_HEADER]: ["203.0.113.5", "10.0.0.1"], "x-forwarded-for": "203.0.113.5" });
    expect(seen[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(seen["x-forwarded-for"]).toBe("203.0.113.5");
    expect((globalThis as { __sandiPeerFront?: boolean }).__sandiPeerFront).toBe(true);
  });

  it("lets Next handle every standard method, on /v3 and elsewhere", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(frontAnswer(method, "/v3/account")).toBeNull();
      expect(frontAnswer(method, "/overview?x=1")).toBeNull();
    }
  });

  it("answers TRACE, TRACK and CONNECT anywhere with a 405 envelope, since Next cannot build a Request for them", () => {
    for (const [method, url] of [["TRACE", "/v3/account"], ["TRACK", "/"], ["CONNECT", "localhost:443"]]) {
      const answer = frontAnswer(method, url)!;
      expect(answer.status).toBe(405);
      expect(answer.headers["content-type"]).toBe("application/json");
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(answer.body)).toEqual({ success: false, data: null, error: { code: "METHOD_NOT_ALLOWED", message: `Metode ${method} tidak didukung.` } });
    }
  });

  it("answers other methods with a 405 envelope under /v3 only", () => {
    expect(frontAnswer("PROPFIND", "/v3/otp/OTP1")!.status).toBe(405);
    expect(frontAnswer("PROPFIND", "/v3")!.status).toBe(405);
    expect(frontAnswer("PROPFIND", "/v3x")).toBeNull();
    expect(frontAnswer("PROPFIND", "/docs")).toBeNull();
  });

  it("turns a parser error into a 400 envelope, or 431 for oversized headers, as raw HTTP that closes the connection", () => {
    const raw = rawResponse(clientErrorAnswer({ code: "HPE_INVALID_METHOD" }));
    const [head, body] = raw.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(head).toContain("connection: close");
    expect(head).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
    expect(rawResponse(clientErrorAnswer({ code: "HPE_HEADER_OVERFLOW" })).split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
  });

  it("answers a path whose percent-encoding cannot be decoded with a 400: the envelope under /v3, plain text elsewhere", () => {
    for (const url of ["/v3/otp/%ZZ", "/v3/%", "/v3/verify%zz?x=1"]) {
      const answer = frontAnswer("GET", url)!;
      expect(answer.status, url).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, data: null, error: { code: "VALIDATION_ERROR" } });
    }
    expect(frontAnswer("GET", "/%ZZ")).toMatchObject({ status: 400, body: "Bad Request" });
    expect(frontAnswer("GET", "/v3/otp/OTP%20X")).toBeNull();
    expect(frontAnswer("GET", "/v3/account?x=%ZZ")).toBeNull();
  });

  it("straightens trailing and doubled slashes under /v3 only, keeping the query", () => {
    expect(apiUrl("/v3/request/")).toBe("/v3/request");
    expect(apiUrl("/v3/")).toBe("/v3");
    expect(apiUrl("/v3//account")).toBe("/v3/account");
    expect(apiUrl("//v3/otp//OTP1/?a=1//")).toBe("/v3/otp/OTP1?a=1//");
    expect(apiUrl("/v3/account")).toBe("/v3/account");
    expect(apiUrl("/overview/")).toBe("/overview/");
    expect(apiUrl("/")).toBe("/");
    expect(apiUrl(undefined)).toBe("/");
  });
});
