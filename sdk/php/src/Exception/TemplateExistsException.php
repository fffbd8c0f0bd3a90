<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Exception;

use Sandi\SandiException;

/** TEMPLATE_EXISTS (HTTP 409) */
class TemplateExistsException extends SandiException
{
}
