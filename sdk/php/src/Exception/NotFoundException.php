<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** NOT_FOUND (HTTP 404) */
class NotFoundException extends SandiException
{
}
