import { describe, expect, it } from "vitest";
import { clientErrorAnswer, frontAnswer, rawResponse } from "../../src/cli/serve-front.mjs";

describe("the production server's front", () => {
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
});
