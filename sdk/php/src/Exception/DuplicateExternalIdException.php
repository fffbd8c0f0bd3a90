<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** DUPLICATE_EXTERNAL_ID (HTTP 409) */
class DuplicateExternalIdException extends SandiException
{
}
