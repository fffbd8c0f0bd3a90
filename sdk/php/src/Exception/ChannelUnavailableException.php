<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** CHANNEL_UNAVAILABLE (HTTP 503) */
class ChannelUnavailableException extends SandiException
{
}
