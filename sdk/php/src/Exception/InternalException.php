<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** INTERNAL_ERROR (HTTP 500) */
class InternalException extends SandiException
{
}
