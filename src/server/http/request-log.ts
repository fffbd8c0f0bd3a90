import { trace } from "@opentelemetry/api";
import { getEnv } from "@/env";

export type RequestLogLine = {
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  merchant_id: string | null;
  request_id: string;
  error_code?: string;
};

/** The trace of the request being answered, when tracing is on (docs/operations/tracing.md). */
function traceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : undefined;
}

/** One JSON line per /v3 request. Only these fields: never bodies, codes, keys or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  const trace_id = traceId();
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), msg: "v3 request", ...line, ...(trace_id ? { trace_id } : {}) })}\n`);
}
