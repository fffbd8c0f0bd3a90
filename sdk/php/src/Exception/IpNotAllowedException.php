<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** IP_NOT_ALLOWED (HTTP 403) */
class IpNotAllowedException extends SandiException
{
}
