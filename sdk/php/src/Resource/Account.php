<?php

namespace Sandi\Resource;

final class Account extends ApiResource
{
    /** GET /v3/account: the account and its saldo (test saldo with a test key). */
    public function get(): array
    {
        return $this->call('getAccount');
    }
}
