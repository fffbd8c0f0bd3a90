<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** INVALID_CHANNEL (HTTP 400) */
class InvalidChannelException extends SandiException
{
}
