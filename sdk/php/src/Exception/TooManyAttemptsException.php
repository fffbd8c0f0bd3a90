<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** TOO_MANY_ATTEMPTS (HTTP 422) */
class TooManyAttemptsException extends SandiException
{
}
