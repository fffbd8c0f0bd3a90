<?php

namespace Sandi;

/** No answer came back (DNS, refused, reset: CONNECTION_ERROR; no answer in time: TIMEOUT). Retried automatically only when safe. */
class ConnectionException extends SandiException
{
}
