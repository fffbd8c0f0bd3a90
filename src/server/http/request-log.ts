import { trace } from "@opentelemetry/api";
import { getEnv } from "@/env";
import { onShutdown } from "@/server/lifecycle.mjs";
import { loggerTo, processStream } from "@/server/log";

export type RequestLogLine = {
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  merchant_id: string | null;
  request_id: string;
  error_code?: string;
  /** A creation's vendor route and why it was chosen (docs/routing.md). */
  route?: string;
  route_reason?: string | null;
};

/** The trace of the request being answered, when tracing is on (docs/operations/tracing.md). */
function traceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : undefined;
}

// A line costs pino's serialisation (once: the text pino makes is what reaches the file)
// and an append to a string. The gathered lines go out in one write when BATCH_BYTES have
// gathered or FLUSH_MS after the first of them, whichever comes first: under load one
// system call carries hundreds of lines, and a quiet server's lines are at most FLUSH_MS
// late. The write is the process's stdout, in order with every other log line (one
// writer, so lines never interleave mid-line on a pipe).
const BATCH_BYTES = 64 * 1024;
const FLUSH_MS = 100;

let pending = "";
let timer: NodeJS.Timeout | undefined;

/** Writes the gathered lines now. The server's shutdown and the process's exit call it, so no line is lost. */
export function flushRequestLog(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!pending) return;
  const text = pending;
  pending = "";
  processStream.write(text);
}

// A graceful stop (serve.mjs, worker.ts) runs the flush hooks before it exits; any other exit still writes them.
onShutdown("flush", flushRequestLog);
process.once("exit", flushRequestLog);

const requestLog = loggerTo({
  write: (line) => {
    pending += line;
    if (pending.length >= BATCH_BYTES) flushRequestLog();
    else if (!timer) timer = setTimeout(flushRequestLog, FLUSH_MS).unref();
  },
});

/** One JSON line per /v3 request. Only these fields: never bodies, codes, keys or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  const trace_id = traceId();
  requestLog.info(trace_id ? { ...line, trace_id } : line, "v3 request");
}
