<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** RATE_LIMITED (HTTP 429) */
class RateLimitedException extends SandiException
{
}
