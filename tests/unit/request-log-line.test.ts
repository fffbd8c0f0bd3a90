// The request log builds its line itself (requestLogLine) instead of asking pino: it must
// be the line pino's logger wrote for the same request, byte for byte apart from the time,
// so whatever reads the log (a shipper, a query on msg = "v3 request") sees no change.
import { describe, expect, it } from "vitest";
import { requestLogLine, type RequestLogLine } from "@/server/http/request-log";
import { loggerTo } from "@/server/log";

/** What pino's logger writes for the line with request_id first (as the request scope's mixin once put it) and the trace id spread in. */
function pinoLine(line: RequestLogLine, traceId?: string): string {
  let written = "";
  const logger = loggerTo({ write: (text) => void (written += text) });
  const { request_id, ...rest } = line;
  const first = { request_id, ...rest };
  logger.info(traceId ? { ...first, trace_id: traceId } : first, "v3 request");
  return written;
}

const withoutTime = (line: string) => line.replace(/,"time":"[^"]*"/, ',"time":"T"');

const base: RequestLogLine = { method: "GET", path: "/v3/account", status: 200, latency_ms: 3, merchant_id: "mer_01", request_id: "0b6f0d0e-52a4-4a3b-9f5e-6f1f3c8f0a11" };

const cases: [string, RequestLogLine, string?][] = [
  ["an answered request", base],
  ["a refusal without a merchant", { ...base, status: 401, merchant_id: null, error_code: "UNAUTHORIZED" }],
  ["a creation with its route and reason", { ...base, method: "POST", path: "/v3/request", route: "sms:infobip", route_reason: "measured" }],
  ["a creation whose route has no reason", { ...base, method: "POST", path: "/v3/send", route: "whatsapp:meta", route_reason: null }],
  ["a traced request", base, "4bf92f3577b34da6a3ce929d0e0e4736"],
  ["a path with quotes, backslashes, controls and non-ASCII", { ...base, status: 404, error_code: "NOT_FOUND", path: '/v3/a"b\\c\nd\te\u0001é😀' }],
  ["a long path with something to escape", { ...base, status: 404, error_code: "NOT_FOUND", path: `/v3/${"x".repeat(120)}"${"y".repeat(60)}` }],
  ["a zero latency and a 500", { ...base, status: 500, latency_ms: 0, error_code: "INTERNAL_ERROR" }],
];

describe("requestLogLine", () => {
  it.each(cases)("writes what pino wrote for %s", (_, line, traceId) => {
    const built = requestLogLine(line, traceId);
    expect(withoutTime(built)).toBe(withoutTime(pinoLine(line, traceId)));
    expect(built.endsWith("}\n")).toBe(true);
    expect(JSON.parse(built)).toMatchObject({ ...line, level: "info", msg: "v3 request", ...(traceId ? { trace_id: traceId } : {}) });
  });

  it("stamps the time it is written, in ISO 8601", () => {
    const before = Date.now();
    const { time } = JSON.parse(requestLogLine(base)) as { time: string };
    expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(time)).toBeLessThanOrEqual(Date.now());
    expect(time).toBe(new Date(Date.parse(time)).toISOString());
  });
});
