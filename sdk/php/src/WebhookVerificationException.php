<?php

namespace Sandi;

/** A webhook whose signature, timestamp or headers do not check out: answer 400 and do not act on it. */
class WebhookVerificationException extends \RuntimeException
{
}
