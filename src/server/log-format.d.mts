// Types for log-format.mjs (plain JavaScript: the production front loads it without a TypeScript loader).
import type { LoggerOptions } from "pino";

export const LOG_FORMAT: LoggerOptions;
/** `,"time":"<ISO 8601>"` for `now` (default: the current time), as pino's isoTime writes it. */
export function isoTimeField(now?: number): string;
