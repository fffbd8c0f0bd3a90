// The one logger (pino): JSON lines with time, level and msg, plus the line's fields.
// Nothing else writes JSON to the console. A line about a /v3 request carries its
// `request_id` as a field the caller passes (the request's id travels with the call:
// V3Context.requestId, DeliveryRequest.requestId), not through AsyncLocalStorage: on
// Node 20 an enabled store makes every promise of every request copy it, a fifth of a
// read's instructions (docs/performance.md).
import pino, { type DestinationStream, type Logger } from "pino";
import { LOG_FORMAT } from "./log-format.mjs";

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
  return pino(LOG_FORMAT, destination);
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
