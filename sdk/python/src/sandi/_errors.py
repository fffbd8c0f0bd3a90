"""Every failure the SDK raises. Branch on ``code`` (stable), never on the message (Indonesian, may change)."""


class SandiError(Exception):
    """The API's ``error.code`` with the HTTP status, X-Request-Id, Retry-After (seconds) and ``error.details``.

    Each code has its own subclass (``RateLimitedError``, ...), generated from the OpenAPI document.
    """

    def __init__(self, message, code, status=0, request_id=None, retry_after=None, details=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.request_id = request_id
        self.retry_after = retry_after
        self.details = details

    def __str__(self):
        return "{} (HTTP {}): {}".format(self.code, self.status, self.message)


class SandiConnectionError(SandiError):
    """No answer came back: CONNECTION_ERROR (DNS, refused, reset) or TIMEOUT. Retried only when safe."""


class WebhookVerificationError(Exception):
    """A webhook whose signature, timestamp or headers do not check out: answer 400 and do not act on it."""
