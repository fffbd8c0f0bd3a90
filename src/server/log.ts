// The one logger (pino): JSON lines with time, level and msg, plus the request id of
// the /v3 request being served when there is one. Nothing else writes JSON to the console.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import { LOG_FORMAT } from "./log-format.mjs";

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs fn so that every line it logs, after any await too, carries `request_id`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

type Stream = "stdout" | "stderr";
let stream: Stream = "stdout";

/**
 * Where lines go: stdout for the server and the worker. otpctl sends them to stderr,
 * because its stdout is the one JSON document a script reads.
 */
export function setLogStream(next: Stream): void {
  stream = next;
}

/** The process stream chosen when the line is written, so setLogStream applies at once. */
export const processStream: DestinationStream = { write: (line) => void process[stream].write(line) };

/** A logger writing to `destination` (the request log batches its lines; everything else uses `log`). */
export function loggerTo(destination: DestinationStream): Logger {
  return pino(
    {
      ...LOG_FORMAT,
      // The line's own request_id wins over the scope's (pino merges the line over the mixin).
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { request_id: scope.requestId } : {};
      },
    },
    destination,
  );
}

export const log = loggerTo(processStream);

/** The message of a thrown value, for a log field (never its stack: see stackOf). */
export function messageOf(err: unknown): string {
  return String((err as Error)?.message ?? err);
}

/** The stack of a thrown value, for unexpected failures only. */
export function stackOf(err: unknown): string {
  return String((err as Error)?.stack ?? err);
}
