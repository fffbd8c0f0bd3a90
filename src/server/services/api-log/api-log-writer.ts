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

const insertBatch = namedQuery(
  "api-log-insert",
  `INSERT INTO api_request_logs (merchant_id, created_at, method, path, status, error_code, latency_ms, request_id, key_prefix, client_ip, request_body, route, route_reason)
   SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])`,
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

async function write(batch: ApiLogEntry[]): Promise<void> {
  const column = <T>(pick: (e: ApiLogEntry) => T) => batch.map(pick);
  try {
    await runAutocommit(insertBatch, [
      column((e) => e.merchantId),
      column((e) => e.at),
      column((e) => e.method),
      column((e) => e.path),
      column((e) => e.status),
      column((e) => e.errorCode),
      column((e) => e.latencyMs),
      column((e) => e.requestId),
      column((e) => e.keyPrefix),
      column((e) => e.clientIp),
      column((e) => e.requestBody),
      column((e) => e.route),
      column((e) => e.routeReason),
    ]);
  } catch (err) {
    dropped += batch.length;
    log.warn({ entries: batch.length, dropped_total: dropped, error: messageOf(err) }, "api request log batch dropped");
  }
}
