<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** INSUFFICIENT_BALANCE (HTTP 402) */
class InsufficientBalanceException extends SandiException
{
}
