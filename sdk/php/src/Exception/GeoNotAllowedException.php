<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** GEO_NOT_ALLOWED (HTTP 403) */
class GeoNotAllowedException extends SandiException
{
}
