// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.
// One class per error code, so `catch (e) { if (e instanceof RateLimitedError) … }` works beside `e.code`.
import { SandiError, type SandiErrorInit } from "../errors.js";

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

export class GeoNotAllowedError extends SandiError {
  declare readonly code: "GEO_NOT_ALLOWED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "GeoNotAllowedError";
  }
}

export class FraudBlockedError extends SandiError {
  declare readonly code: "FRAUD_BLOCKED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "FraudBlockedError";
  }
}

export class IpNotAllowedError extends SandiError {
  declare readonly code: "IP_NOT_ALLOWED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "IpNotAllowedError";
  }
}

export class MethodNotAllowedError extends SandiError {
  declare readonly code: "METHOD_NOT_ALLOWED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "MethodNotAllowedError";
  }
}

export class DuplicateExternalIdError extends SandiError {
  declare readonly code: "DUPLICATE_EXTERNAL_ID";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "DuplicateExternalIdError";
  }
}

export class PayloadTooLargeError extends SandiError {
  declare readonly code: "PAYLOAD_TOO_LARGE";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "PayloadTooLargeError";
  }
}

export class DestinationRateLimitedError extends SandiError {
  declare readonly code: "DESTINATION_RATE_LIMITED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "DestinationRateLimitedError";
  }
}

export class RateLimitedError extends SandiError {
  declare readonly code: "RATE_LIMITED";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "RateLimitedError";
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

export class OtpNotFoundError extends SandiError {
  declare readonly code: "OTP_NOT_FOUND";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "OtpNotFoundError";
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

export class NotFoundError extends SandiError {
  declare readonly code: "NOT_FOUND";
  constructor(init: SandiErrorInit) {
    super(init);
    this.name = "NotFoundError";
  }
}

/** The class each code is thrown as. */
export const ERROR_CLASSES: Record<string, new (init: SandiErrorInit) => SandiError> = {
  VALIDATION_ERROR: ValidationError,
  INVALID_CHANNEL: InvalidChannelError,
  INVALID_NUMBER: InvalidNumberError,
  UNAUTHORIZED: UnauthorizedError,
  INSUFFICIENT_BALANCE: InsufficientBalanceError,
  GEO_NOT_ALLOWED: GeoNotAllowedError,
  FRAUD_BLOCKED: FraudBlockedError,
  IP_NOT_ALLOWED: IpNotAllowedError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  DUPLICATE_EXTERNAL_ID: DuplicateExternalIdError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  DESTINATION_RATE_LIMITED: DestinationRateLimitedError,
  RATE_LIMITED: RateLimitedError,
  INTERNAL_ERROR: InternalError,
  CHANNEL_UNAVAILABLE: ChannelUnavailableError,
  OTP_NOT_FOUND: OtpNotFoundError,
  OTP_EXPIRED: OtpExpiredError,
  TOO_MANY_ATTEMPTS: TooManyAttemptsError,
  ALREADY_USED: AlreadyUsedError,
  NOT_FOUND: NotFoundError,
};
