<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Generated;

/** Every error code the API answers: its HTTP status and the exception class it is thrown as. */
final class ErrorCodes
{
    const STATUS = [
        'VALIDATION_ERROR' => 400,
        'INVALID_CHANNEL' => 400,
        'INVALID_NUMBER' => 400,
        'UNAUTHORIZED' => 401,
        'INSUFFICIENT_BALANCE' => 402,
        'IP_NOT_ALLOWED' => 403,
        'OTP_NOT_FOUND' => 404,
        'NOT_FOUND' => 404,
        'METHOD_NOT_ALLOWED' => 405,
        'PAYLOAD_TOO_LARGE' => 413,
        'OTP_EXPIRED' => 422,
        'TOO_MANY_ATTEMPTS' => 422,
        'ALREADY_USED' => 422,
        'RATE_LIMITED' => 429,
        'DESTINATION_RATE_LIMITED' => 429,
        'INTERNAL_ERROR' => 500,
        'CHANNEL_UNAVAILABLE' => 503,
        'TEMPLATE_NOT_FOUND' => 404,
        'TEMPLATE_EXISTS' => 409,
        'GEO_NOT_ALLOWED' => 403,
        'FRAUD_BLOCKED' => 403,
        'DUPLICATE_EXTERNAL_ID' => 409,
    ];

    const CLASSES = [
        'VALIDATION_ERROR' => \Sandi\Exception\ValidationException::class,
        'INVALID_CHANNEL' => \Sandi\Exception\InvalidChannelException::class,
        'INVALID_NUMBER' => \Sandi\Exception\InvalidNumberException::class,
        'UNAUTHORIZED' => \Sandi\Exception\UnauthorizedException::class,
        'INSUFFICIENT_BALANCE' => \Sandi\Exception\InsufficientBalanceException::class,
        'IP_NOT_ALLOWED' => \Sandi\Exception\IpNotAllowedException::class,
        'OTP_NOT_FOUND' => \Sandi\Exception\OtpNotFoundException::class,
        'NOT_FOUND' => \Sandi\Exception\NotFoundException::class,
        'METHOD_NOT_ALLOWED' => \Sandi\Exception\MethodNotAllowedException::class,
        'PAYLOAD_TOO_LARGE' => \Sandi\Exception\PayloadTooLargeException::class,
        'OTP_EXPIRED' => \Sandi\Exception\OtpExpiredException::class,
        'TOO_MANY_ATTEMPTS' => \Sandi\Exception\TooManyAttemptsException::class,
        'ALREADY_USED' => \Sandi\Exception\AlreadyUsedException::class,
        'RATE_LIMITED' => \Sandi\Exception\RateLimitedException::class,
        'DESTINATION_RATE_LIMITED' => \Sandi\Exception\DestinationRateLimitedException::class,
        'INTERNAL_ERROR' => \Sandi\Exception\InternalException::class,
        'CHANNEL_UNAVAILABLE' => \Sandi\Exception\ChannelUnavailableException::class,
        'TEMPLATE_NOT_FOUND' => \Sandi\Exception\TemplateNotFoundException::class,
        'TEMPLATE_EXISTS' => \Sandi\Exception\TemplateExistsException::class,
        'GEO_NOT_ALLOWED' => \Sandi\Exception\GeoNotAllowedException::class,
        'FRAUD_BLOCKED' => \Sandi\Exception\FraudBlockedException::class,
        'DUPLICATE_EXTERNAL_ID' => \Sandi\Exception\DuplicateExternalIdException::class,
    ];
}
