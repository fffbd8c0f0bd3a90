<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** UNAUTHORIZED (HTTP 401) */
class UnauthorizedException extends SandiException
{
}
