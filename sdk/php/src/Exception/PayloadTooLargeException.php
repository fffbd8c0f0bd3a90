<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** PAYLOAD_TOO_LARGE (HTTP 413) */
class PayloadTooLargeException extends SandiException
{
}
