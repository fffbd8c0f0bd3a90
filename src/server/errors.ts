// The one domain error type. Services throw it with the spec's error.code; the
// /v3 wrapper and the tRPC layer read status and tRPC code from error-table.ts.
import { ERROR_TABLE, type ErrorCode } from "./error-table";

export type { ErrorCode };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After for rate limits. */
  readonly headers?: Record<string, string>;
  /** The service input field a VALIDATION_ERROR is about, for callers that name it their own way (otpctl flags); never sent. */
  readonly field?: string;

  constructor(code: ErrorCode, message?: string, options: { details?: Record<string, unknown>; headers?: Record<string, string>; field?: string } = {}) {
    // A domain error is an answer, not a bug: its stack is never read, and capturing
    // one costs more than the rest of a 404 answer.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? ERROR_TABLE[code].message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
    this.field = options.field;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
