<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** OTP_EXPIRED (HTTP 422) */
class OtpExpiredException extends SandiException
{
}
