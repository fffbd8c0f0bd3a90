<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** VALIDATION_ERROR (HTTP 400) */
class ValidationException extends SandiException
{
}
