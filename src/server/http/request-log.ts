import { trace } from "@opentelemetry/api";
import { getEnv } from "@/env";
import { loggerTo, processStream } from "@/server/log";

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

// Lines are gathered and written once per turn of the event loop: under load one
// write system call carries many requests' lines instead of one each.
let pending: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join("");
  pending = [];
  processStream.write(text);
}

// Whatever is still gathered when the process exits is written before it goes.
process.once("exit", flush);

const requestLog = loggerTo({
  write: (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  },
});

/** One JSON line per /v3 request. Only these fields: never bodies, codes, keys or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  const trace_id = traceId();
  requestLog.info({ ...line, ...(trace_id ? { trace_id } : {}) }, "v3 request");
}
