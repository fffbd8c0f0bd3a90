// One JSON line on stdout per /v3 request, for operators: method, path, status,
// latency_ms, merchant_id, request_id — never a key, a code or a body.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as accountGet, POST as accountPost } from "@/app/v3/account/route";
import { DELETE as unknownDelete } from "@/app/v3/[...path]/route";
import { resetEnvForTests } from "@/env";
import { flushRequestLog } from "@/server/http/request-log";
import { readEnvelope, routeParams, v3Request } from "../../../harness/http";
import { deliveredCode, newMerchant, requestOtp, verify } from "../../../harness/v3-fixtures";

afterEach(() => {
  vi.restoreAllMocks();
  process.env.LOG_REQUESTS = "0";
  resetEnvForTests();
});

function captureStdout(logRequests: "0" | "1"): string[] {
  process.env.LOG_REQUESTS = logRequests;
  resetEnvForTests();
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

// Lines are written in batches: split the chunks back into lines.
const requestLines = (lines: string[]) =>
  lines
    .flatMap((chunk) => chunk.split("\n"))
    .filter((l) => l.includes('"v3 request"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Writes the batched log lines of the requests so far. */
const flushed = async () => flushRequestLog();

describe("/v3 request log", () => {
  it("writes one JSON line per request with method, path, status, latency, merchant and request id — never the key or the code", async () => {
    const m = await newMerchant();
    const lines = captureStdout("1");
    const created = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    const otpId = created.body.data!.otp_id as string;
    const code = await deliveredCode(otpId);
    const verified = await verify(m.key, { otp_id: otpId, otp: code });
    await flushed();
    vi.restoreAllMocks();

    const logged = requestLines(lines);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ method: "POST", path: "/v3/request", status: 200, merchant_id: m.merchantId, request_id: created.headers.get("x-request-id") });
    expect(logged[1]).toMatchObject({ method: "POST", path: "/v3/verify", status: 200, merchant_id: m.merchantId, request_id: verified.headers.get("x-request-id") });
    expect(typeof logged[0].latency_ms).toBe("number");
    for (const line of lines) {
      expect(line).not.toContain(m.key);
      expect(line.replace(/"(request_id|time)":"[^"]*"/g, "")).not.toContain(code);
    }
  });

  it("logs refused requests too, with the error code and no merchant, and never the key that was tried", async () => {
    const lines = captureStdout("1");
    const tried = "sk_live_someonesguessedkey0000000000";
    const res = await readEnvelope(await accountGet(v3Request("/v3/account?token=abc", { key: tried })));
    await flushed();
    vi.restoreAllMocks();
    const [line] = requestLines(lines);
    expect(line).toMatchObject({ method: "GET", path: "/v3/account", status: 401, merchant_id: null, error_code: "UNAUTHORIZED", request_id: res.headers.get("x-request-id") });
    expect(lines.join("")).not.toContain(tried);
    expect(lines.join("")).not.toContain("token=abc");
  });

  it("logs the answers given before authentication (an unknown path, a method the route lacks) like any other", async () => {
    const lines = captureStdout("1");
    const unknown = await readEnvelope(await unknownDelete(v3Request("/v3/no-such-thing", { method: "DELETE" }), routeParams({ path: ["no-such-thing"] })));
    const wrongMethod = await readEnvelope(await accountPost(v3Request("/v3/account", { method: "POST", body: {} })));
    await flushed();
    vi.restoreAllMocks();
    expect([unknown.status, wrongMethod.status]).toEqual([404, 405]);
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({ method: "DELETE", path: "/v3/no-such-thing", status: 404, merchant_id: null, error_code: "NOT_FOUND", request_id: unknown.headers.get("x-request-id"), msg: "v3 request" }),
      expect.objectContaining({ method: "POST", path: "/v3/account", status: 405, merchant_id: null, error_code: "METHOD_NOT_ALLOWED", request_id: wrongMethod.headers.get("x-request-id"), msg: "v3 request" }),
    ]);
  });

  it("writes nothing when LOG_REQUESTS is off", async () => {
    const m = await newMerchant();
    const lines = captureStdout("0");
    expect((await readEnvelope(await accountGet(v3Request("/v3/account", { key: m.key })))).status).toBe(200);
    await flushed();
    vi.restoreAllMocks();
    expect(requestLines(lines)).toEqual([]);
  });
});
