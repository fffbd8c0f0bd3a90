<?php

namespace Sandi\Resource;

final class Topups extends ApiResource
{
    /** POST /v3/topups with ['amount' => 100000]: an invoice whose payment_url the payer opens. */
    public function create(array $params): array
    {
        return $this->call('createTopup', $params);
    }
}
