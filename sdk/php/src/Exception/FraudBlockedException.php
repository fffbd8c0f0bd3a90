<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** FRAUD_BLOCKED (HTTP 403) */
class FraudBlockedException extends SandiException
{
}
