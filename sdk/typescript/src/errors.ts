import type { ErrorCode } from "./generated/api.js";

/** Codes the SDK itself gives when no answer came back (nothing to read `error.code` from). */
export type ClientErrorCode = "CONNECTION_ERROR" | "TIMEOUT" | "INVALID_RESPONSE";

export type SandiErrorInit = {
  code: ErrorCode | ClientErrorCode;
  message: string;
  /** HTTP status; 0 when no answer came back. */
  status: number;
  requestId: string | null;
  /** Seconds the API asked to wait (`Retry-After`), when it did. */
  retryAfter: number | null;
  /** `error.details`, camelCased (DUPLICATE_EXTERNAL_ID, GEO_NOT_ALLOWED, FRAUD_BLOCKED; their classes type it). */
  details?: Record<string, unknown> | null;
  cause?: unknown;
};

/** Every failure the SDK throws. Branch on `code` (stable), never on `message` (Indonesian, may change). */
export class SandiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number;
  readonly requestId: string | null;
  readonly retryAfter: number | null;
  readonly details: Record<string, unknown> | null;

  constructor(init: SandiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "SandiError";
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.details = init.details ?? null;
  }
}

/** The request never got an answer (DNS, refused, reset). Retried automatically only when safe. */
export class SandiConnectionError extends SandiError {
  declare readonly code: "CONNECTION_ERROR" | "TIMEOUT";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = init.code === "TIMEOUT" ? "SandiTimeoutError" : "SandiConnectionError";
  }
}

/** A webhook whose signature, timestamp or headers do not check out: answer it with 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}
