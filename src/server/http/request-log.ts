import { trace } from "@opentelemetry/api";
import { getEnv } from "@/env";
import { onShutdown } from "@/server/lifecycle.mjs";
import { isoTimeField } from "@/server/log-format.mjs";
import { processStream } from "@/server/log";

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

// A line costs building its text (requestLogLine) and an append to a string. The
// gathered lines go out in one write when BATCH_BYTES have gathered or FLUSH_MS after
// the first of them, whichever comes first: under load one
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

function gather(line: string): void {
  pending += line;
  if (pending.length >= BATCH_BYTES) flushRequestLog();
  else if (!timer) timer = setTimeout(flushRequestLog, FLUSH_MS).unref();
}

const quoted = (value: string) => JSON.stringify(value);
const quotedOrNull = (value: string | null) => (value === null ? "null" : JSON.stringify(value));

/**
 * The line pino's logger (LOG_FORMAT) writes for `log.info(line, "v3 request")` with
 * request_id as the line's first field (where the request scope's mixin put it while
 * there was one, so what reads the log sees the same lines), built directly: the line's
 * shape is fixed, and pino's generic serialisation and merge cost about 15 µs a request,
 * a tenth of a /v3 404's CPU. tests/unit/request-log-line.test.ts holds it to pino's output.
 */
export function requestLogLine(line: RequestLogLine, traceId?: string): string {
  let out = `{"level":"info"${isoTimeField()},"request_id":${quoted(line.request_id)},"method":${quoted(line.method)},"path":${quoted(line.path)},"status":${line.status},"latency_ms":${line.latency_ms},"merchant_id":${quotedOrNull(line.merchant_id)}`;
  if (line.error_code !== undefined) out += `,"error_code":${quoted(line.error_code)}`;
  if (line.route !== undefined) out += `,"route":${quoted(line.route)}`;
  if (line.route_reason !== undefined) out += `,"route_reason":${quotedOrNull(line.route_reason)}`;
  if (traceId !== undefined) out += `,"trace_id":${quoted(traceId)}`;
  return out + `,"msg":"v3 request"}\n`;
}

/** One JSON line per /v3 request. Only these fields: never bodies, codes, keys or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  gather(requestLogLine(line, traceId()));
}
