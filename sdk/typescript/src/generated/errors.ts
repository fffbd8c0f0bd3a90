// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.
// One class per error code, so `catch (e) { if (e instanceof RateLimitedError) … }` works beside `e.code`.
import type { Camelize } from "../case.js";
import { SandiError, type SandiErrorInit } from "../errors.js";
import type { ErrorEnvelope } from "./api.js";

/** `error.details` of one code, camelCased. */
type DetailsOf<C extends string> = Camelize<Extract<ErrorEnvelope["error"], { code: C; details: unknown }>["details"]>;

export class ValidationError extends SandiError {
  declare readonly code: "VALIDATION_ERROR";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "ValidationError";
  }
}

export class InvalidChannelError extends SandiError {
  declare readonly code: "INVALID_CHANNEL";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "InvalidChannelError";
  }
}

export class InvalidNumberError extends SandiError {
  declare readonly code: "INVALID_NUMBER";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "InvalidNumberError";
  }
}

export class UnauthorizedError extends SandiError {
  declare readonly code: "UNAUTHORIZED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "UnauthorizedError";
  }
}

export class InsufficientBalanceError extends SandiError {
  declare readonly code: "INSUFFICIENT_BALANCE";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "InsufficientBalanceError";
  }
}

export class IpNotAllowedError extends SandiError {
  declare readonly code: "IP_NOT_ALLOWED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "IpNotAllowedError";
  }
}

export class OtpNotFoundError extends SandiError {
  declare readonly code: "OTP_NOT_FOUND";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "OtpNotFoundError";
  }
}

export class NotFoundError extends SandiError {
  declare readonly code: "NOT_FOUND";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "NotFoundError";
  }
}

export class MethodNotAllowedError extends SandiError {
  declare readonly code: "METHOD_NOT_ALLOWED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "MethodNotAllowedError";
  }
}

export class PayloadTooLargeError extends SandiError {
  declare readonly code: "PAYLOAD_TOO_LARGE";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "PayloadTooLargeError";
  }
}

export class OtpExpiredError extends SandiError {
  declare readonly code: "OTP_EXPIRED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "OtpExpiredError";
  }
}

export class TooManyAttemptsError extends SandiError {
  declare readonly code: "TOO_MANY_ATTEMPTS";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "TooManyAttemptsError";
  }
}

export class AlreadyUsedError extends SandiError {
  declare readonly code: "ALREADY_USED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "AlreadyUsedError";
  }
}

export class RateLimitedError extends SandiError {
  declare readonly code: "RATE_LIMITED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "RateLimitedError";
  }
}

export class DestinationRateLimitedError extends SandiError {
  declare readonly code: "DESTINATION_RATE_LIMITED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "DestinationRateLimitedError";
  }
}

export class InternalError extends SandiError {
  declare readonly code: "INTERNAL_ERROR";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "InternalError";
  }
}

export class ChannelUnavailableError extends SandiError {
  declare readonly code: "CHANNEL_UNAVAILABLE";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "ChannelUnavailableError";
  }
}

export class TemplateNotFoundError extends SandiError {
  declare readonly code: "TEMPLATE_NOT_FOUND";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "TemplateNotFoundError";
  }
}

export class TemplateExistsError extends SandiError {
  declare readonly code: "TEMPLATE_EXISTS";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "TemplateExistsError";
  }
}

export class GeoNotAllowedError extends SandiError {
  declare readonly code: "GEO_NOT_ALLOWED";
  declare readonly details: DetailsOf<"GEO_NOT_ALLOWED">;
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "GeoNotAllowedError";
  }
}

export class FraudBlockedError extends SandiError {
  declare readonly code: "FRAUD_BLOCKED";
  declare readonly details: DetailsOf<"FRAUD_BLOCKED">;
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "FraudBlockedError";
  }
}

export class DuplicateExternalIdError extends SandiError {
  declare readonly code: "DUPLICATE_EXTERNAL_ID";
  declare readonly details: DetailsOf<"DUPLICATE_EXTERNAL_ID">;
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "DuplicateExternalIdError";
  }
}

/** The class each code is thrown as. */
export const ERROR_CLASSES: Record<string, new (init: SandiErrorInit) => SandiError> = {
  VALIDATION_ERROR: ValidationError,
  INVALID_CHANNEL: InvalidChannelError,
  INVALID_NUMBER: InvalidNumberError,
  UNAUTHORIZED: UnauthorizedError,
  INSUFFICIENT_BALANCE: InsufficientBalanceError,
  IP_NOT_ALLOWED: IpNotAllowedError,
  OTP_NOT_FOUND: OtpNotFoundError,
  NOT_FOUND: NotFoundError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  OTP_EXPIRED: OtpExpiredError,
  TOO_MANY_ATTEMPTS: TooManyAttemptsError,
  ALREADY_USED: AlreadyUsedError,
  RATE_LIMITED: RateLimitedError,
  DESTINATION_RATE_LIMITED: DestinationRateLimitedError,
  INTERNAL_ERROR: InternalError,
  CHANNEL_UNAVAILABLE: ChannelUnavailableError,
  TEMPLATE_NOT_FOUND: TemplateNotFoundError,
  TEMPLATE_EXISTS: TemplateExistsError,
  GEO_NOT_ALLOWED: GeoNotAllowedError,
  FRAUD_BLOCKED: FraudBlockedError,
  DUPLICATE_EXTERNAL_ID: DuplicateExternalIdError,
};
