# Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.
"""The /v3 endpoints and one exception class per error code."""

from ._errors import SandiError

# Every /v3 endpoint, by operationId.
ENDPOINTS = {
    "requestOtp": {"method": "POST", "path": "/v3/request", "query": []},
    "sendOtp": {"method": "POST", "path": "/v3/send", "query": []},
    "verifyOtp": {"method": "POST", "path": "/v3/verify", "query": []},
    "getOtp": {"method": "GET", "path": "/v3/otp/{otp_id}", "query": []},
    "getAccount": {"method": "GET", "path": "/v3/account", "query": []},
    "createTopup": {"method": "POST", "path": "/v3/topups", "query": []},
    "listTemplates": {"method": "GET", "path": "/v3/templates", "query": []},
    "createTemplate": {"method": "POST", "path": "/v3/templates", "query": []},
    "getTemplate": {"method": "GET", "path": "/v3/templates/{name}", "query": []},
    "updateTemplate": {"method": "PUT", "path": "/v3/templates/{name}", "query": []},
    "deleteTemplate": {"method": "DELETE", "path": "/v3/templates/{name}", "query": []},
    "listTestMessages": {"method": "GET", "path": "/v3/test/messages", "query": ["otp_id", "destination", "limit"]},
    "sendTestInboundWhatsapp": {"method": "POST", "path": "/v3/test/inbound-whatsapp", "query": []},
    "sendTestReceipt": {"method": "POST", "path": "/v3/test/receipts", "query": []},
    "getInsightsSummary": {"method": "GET", "path": "/v3/insights/summary", "query": ["from", "to", "group_by"]},
    "getFraudList": {"method": "GET", "path": "/v3/lists/{list}", "query": []},
    "addFraudListEntry": {"method": "POST", "path": "/v3/lists/{list}", "query": []},
    "removeFraudListEntry": {"method": "DELETE", "path": "/v3/lists/{list}/{value}", "query": []},
}

# Every error code the API answers, with the HTTP status it comes with.
ERROR_STATUS = {
    "VALIDATION_ERROR": 400,
    "INVALID_CHANNEL": 400,
    "INVALID_NUMBER": 400,
    "UNAUTHORIZED": 401,
    "INSUFFICIENT_BALANCE": 402,
    "IP_NOT_ALLOWED": 403,
    "OTP_NOT_FOUND": 404,
    "NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "PAYLOAD_TOO_LARGE": 413,
    "OTP_EXPIRED": 422,
    "TOO_MANY_ATTEMPTS": 422,
    "ALREADY_USED": 422,
    "RATE_LIMITED": 429,
    "DESTINATION_RATE_LIMITED": 429,
    "INTERNAL_ERROR": 500,
    "CHANNEL_UNAVAILABLE": 503,
    "TEMPLATE_NOT_FOUND": 404,
    "TEMPLATE_EXISTS": 409,
    "GEO_NOT_ALLOWED": 403,
    "FRAUD_BLOCKED": 403,
    "DUPLICATE_EXTERNAL_ID": 409,
}


class ValidationError(SandiError):
    """VALIDATION_ERROR (HTTP 400)"""


class InvalidChannelError(SandiError):
    """INVALID_CHANNEL (HTTP 400)"""


class InvalidNumberError(SandiError):
    """INVALID_NUMBER (HTTP 400)"""


class UnauthorizedError(SandiError):
    """UNAUTHORIZED (HTTP 401)"""


class InsufficientBalanceError(SandiError):
    """INSUFFICIENT_BALANCE (HTTP 402)"""


class IpNotAllowedError(SandiError):
    """IP_NOT_ALLOWED (HTTP 403)"""


class OtpNotFoundError(SandiError):
    """OTP_NOT_FOUND (HTTP 404)"""


class NotFoundError(SandiError):
    """NOT_FOUND (HTTP 404)"""


class MethodNotAllowedError(SandiError):
    """METHOD_NOT_ALLOWED (HTTP 405)"""


class PayloadTooLargeError(SandiError):
    """PAYLOAD_TOO_LARGE (HTTP 413)"""


class OtpExpiredError(SandiError):
    """OTP_EXPIRED (HTTP 422)"""


class TooManyAttemptsError(SandiError):
    """TOO_MANY_ATTEMPTS (HTTP 422)"""


class AlreadyUsedError(SandiError):
    """ALREADY_USED (HTTP 422)"""


class RateLimitedError(SandiError):
    """RATE_LIMITED (HTTP 429)"""


class DestinationRateLimitedError(SandiError):
    """DESTINATION_RATE_LIMITED (HTTP 429)"""


class InternalError(SandiError):
    """INTERNAL_ERROR (HTTP 500)"""


class ChannelUnavailableError(SandiError):
    """CHANNEL_UNAVAILABLE (HTTP 503)"""


class TemplateNotFoundError(SandiError):
    """TEMPLATE_NOT_FOUND (HTTP 404)"""


class TemplateExistsError(SandiError):
    """TEMPLATE_EXISTS (HTTP 409)"""


class GeoNotAllowedError(SandiError):
    """GEO_NOT_ALLOWED (HTTP 403)"""


class FraudBlockedError(SandiError):
    """FRAUD_BLOCKED (HTTP 403)"""


class DuplicateExternalIdError(SandiError):
    """DUPLICATE_EXTERNAL_ID (HTTP 409)"""


# The class each code is raised as.
ERROR_CLASSES = {
    "VALIDATION_ERROR": ValidationError,
    "INVALID_CHANNEL": InvalidChannelError,
    "INVALID_NUMBER": InvalidNumberError,
    "UNAUTHORIZED": UnauthorizedError,
    "INSUFFICIENT_BALANCE": InsufficientBalanceError,
    "IP_NOT_ALLOWED": IpNotAllowedError,
    "OTP_NOT_FOUND": OtpNotFoundError,
    "NOT_FOUND": NotFoundError,
    "METHOD_NOT_ALLOWED": MethodNotAllowedError,
    "PAYLOAD_TOO_LARGE": PayloadTooLargeError,
    "OTP_EXPIRED": OtpExpiredError,
    "TOO_MANY_ATTEMPTS": TooManyAttemptsError,
    "ALREADY_USED": AlreadyUsedError,
    "RATE_LIMITED": RateLimitedError,
    "DESTINATION_RATE_LIMITED": DestinationRateLimitedError,
    "INTERNAL_ERROR": InternalError,
    "CHANNEL_UNAVAILABLE": ChannelUnavailableError,
    "TEMPLATE_NOT_FOUND": TemplateNotFoundError,
    "TEMPLATE_EXISTS": TemplateExistsError,
    "GEO_NOT_ALLOWED": GeoNotAllowedError,
    "FRAUD_BLOCKED": FraudBlockedError,
    "DUPLICATE_EXTERNAL_ID": DuplicateExternalIdError,
}

__all__ = ["ENDPOINTS", "ERROR_STATUS", "ERROR_CLASSES", "ValidationError", "InvalidChannelError", "InvalidNumberError", "UnauthorizedError", "InsufficientBalanceError", "IpNotAllowedError", "OtpNotFoundError", "NotFoundError", "MethodNotAllowedError", "PayloadTooLargeError", "OtpExpiredError", "TooManyAttemptsError", "AlreadyUsedError", "RateLimitedError", "DestinationRateLimitedError", "InternalError", "ChannelUnavailableError", "TemplateNotFoundError", "TemplateExistsError", "GeoNotAllowedError", "FraudBlockedError", "DuplicateExternalIdError"]
