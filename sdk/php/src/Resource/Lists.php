<?php

namespace Sandi\Resource;

/** The safe list and block list ('safe' or 'block') of the key's world: numbers (6281234567890) and prefixes (62812345*). */
final class Lists extends ApiResource
{
    /** GET /v3/lists/{list} */
    public function get(string $list): array
    {
        return $this->call('getFraudList', null, ['list' => $list]);
    }

    /** POST /v3/lists/{list} with ['value' => '6281234567890'] or ['value' => '62812345*']. */
    public function add(string $list, string $value): array
    {
        return $this->call('addFraudListEntry', ['value' => $value], ['list' => $list]);
    }

    /** DELETE /v3/lists/{list}/{value} */
    public function remove(string $list, string $value): array
    {
        return $this->call('removeFraudListEntry', null, ['list' => $list, 'value' => $value]);
    }
}
