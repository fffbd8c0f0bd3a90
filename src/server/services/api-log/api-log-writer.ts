// The API request log is written off the request path: each /v3 request adds its
// entry to an in-process buffer, and one multi-row INSERT a second (or every
// FLUSH_ROWS entries) writes the lot. A request never waits for it. If the database
// refuses a batch, the batch is dropped and counted in the log line: the API log is
// a convenience for merchants, never a reason to fail or slow their requests.
// A crash loses at most the last second's entries.
import { getEnv } from "@/env";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { log, messageOf } from "@/server/log";
import { onShutdown } from "@/server/lifecycle.mjs";

export type ApiLogEntry = {
  merchantId: number;
  at: Date;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  requestId: string;
  keyPrefix: string;
  clientIp: string | null;
  requestBody: string | null;
  /** A creation's vendor route (the answer's last delivery) and why; null for every other request. */
  route: string | null;
  routeReason: string | null;
};

const FLUSH_MS = 1000;
const FLUSH_ROWS = 500;
/** Beyond this many waiting entries (the database is down), new ones are dropped instead of growing memory. */
const MAX_BUFFERED = 20_000;

/**
 * The batch is one JSON array of rows, each an array of the columns in order, the time as
 * epoch milliseconds. node-pg would write thirteen array parameters element by element
 * (two regular-expression replaces per text, a time-zone lookup per time): about 55,000
 * instructions a request, counted under callgrind; JSON.stringify writes the same in C++.
 */
const insertBatch = namedQuery(
  "api-log-insert-json",
  `INSERT INTO api_request_logs (merchant_id, created_at, method, path, status, error_code, latency_ms, request_id, key_prefix, client_ip, request_body, route, route_reason)
   SELECT (e->>0)::int, timestamptz 'epoch' + (e->>1)::bigint * interval '1 millisecond', e->>2, e->>3, (e->>4)::int, e->>5, (e->>6)::int,
          e->>7, e->>8, e->>9, e->>10, e->>11, e->>12
   FROM jsonb_array_elements($1::jsonb) AS e`,
);

// The /v3 bundle and Next each load this module, so each copy registers its own flush.
const processWide = globalThis as unknown as { __sandiApiLogFlushers?: (() => Promise<void>)[] };
(processWide.__sandiApiLogFlushers ??= []).push(() => flushApiLog());
// Before the pool closes: entries of requests answered before the process stopped still reach the log.
onShutdown("flush", () => flushApiLog());

/** Every instance's buffer in this process, for a reader who wants the newest entries now. */
export async function flushEveryApiLogBuffer(): Promise<void> {
  await Promise.all((processWide.__sandiApiLogFlushers ?? []).map((flush) => flush()));
}

let buffer: ApiLogEntry[] = [];
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();
let dropped = 0;

export function recordApiRequest(entry: ApiLogEntry): void {
  if (!getEnv().API_LOG) return;
  if (buffer.length >= MAX_BUFFERED) {
    dropped += 1;
    return;
  }
  buffer.push(entry);
  if (buffer.length >= FLUSH_ROWS) void flushApiLog();
  else if (!timer) timer = setTimeout(() => void flushApiLog(), FLUSH_MS).unref();
}

/** Writes everything buffered so far; resolves when it is in the database (tests and shutdown wait for it). */
export function flushApiLog(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = buffer;
  buffer = [];
  flushing = flushing.then(() => (batch.length > 0 ? write(batch) : undefined));
  return flushing;
}

/** One entry as insertBatch reads it: the columns in order. */
function row(e: ApiLogEntry): unknown[] {
  return [e.merchantId, e.at.getTime(), e.method, e.path, e.status, e.errorCode, e.latencyMs, e.requestId, e.keyPrefix, e.clientIp, e.requestBody, e.route, e.routeReason];
}

async function write(batch: ApiLogEntry[]): Promise<void> {
  try {
    await runAutocommit(insertBatch, [JSON.stringify(batch.map(row))]);
  } catch (err) {
    dropped += batch.length;
    log.warn({ entries: batch.length, dropped_total: dropped, error: messageOf(err) }, "api request log batch dropped");
  }
}
