<?php

namespace Sandi;

/**
 * Every failure the SDK throws. Branch on getErrorCode() (stable), never on the
 * message (Indonesian, may change). Each API error code has its own subclass in
 * Sandi\Exception (e.g. RateLimitedException), generated from the OpenAPI document.
 */
class SandiException extends \RuntimeException
{
    /** @var string */
    private $errorCode;
    /** @var int */
    private $status;
    /** @var string|null */
    private $requestId;
    /** @var int|null */
    private $retryAfter;
    /** @var array|null */
    private $details;

    public function __construct(string $message, string $errorCode, int $status = 0, ?string $requestId = null, ?int $retryAfter = null, ?array $details = null, ?\Throwable $previous = null)
    {
        parent::__construct($message, $status, $previous);
        $this->errorCode = $errorCode;
        $this->status = $status;
        $this->requestId = $requestId;
        $this->retryAfter = $retryAfter;
        $this->details = $details;
    }

    /** The API's error.code (e.g. RATE_LIMITED), or CONNECTION_ERROR, TIMEOUT, INVALID_RESPONSE when no envelope came back. */
    public function getErrorCode(): string
    {
        return $this->errorCode;
    }

    /** HTTP status; 0 when no answer came back. */
    public function getStatus(): int
    {
        return $this->status;
    }

    /** X-Request-Id of the answer: quote it to support. */
    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /** Seconds the API asked to wait (Retry-After), when it did. */
    public function getRetryAfter(): ?int
    {
        return $this->retryAfter;
    }

    /** error.details (DUPLICATE_EXTERNAL_ID, GEO_NOT_ALLOWED, FRAUD_BLOCKED), snake_case as sent. */
    public function getDetails(): ?array
    {
        return $this->details;
    }
}
