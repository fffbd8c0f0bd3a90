<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** ALREADY_USED (HTTP 422) */
class AlreadyUsedException extends SandiException
{
}
