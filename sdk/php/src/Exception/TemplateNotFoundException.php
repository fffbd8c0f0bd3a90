<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** TEMPLATE_NOT_FOUND (HTTP 404) */
class TemplateNotFoundException extends SandiException
{
}
