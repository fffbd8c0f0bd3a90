// Types for log-format.mjs (plain JavaScript: the production front loads it without a TypeScript loader).
import type { LoggerOptions } from "pino";

export const LOG_FORMAT: LoggerOptions;
