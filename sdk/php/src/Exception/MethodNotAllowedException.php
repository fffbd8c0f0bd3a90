<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** METHOD_NOT_ALLOWED (HTTP 405) */
class MethodNotAllowedException extends SandiException
{
}
