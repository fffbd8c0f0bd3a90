<?php

namespace Sandi\Resource;

final class Insights extends ApiResource
{
    /**
     * GET /v3/insights/summary with ['from' => 'YYYY-MM-DD', 'to' => 'YYYY-MM-DD', 'group_by' => 'channel']:
     * totals and one breakdown (channel, operator, day, hour or fallback_step) of the OTPs created on
     * those WIB days; without group_by, groups is empty.
     */
    public function summary(array $params): array
    {
        return $this->call('getInsightsSummary', null, [], $params);
    }
}
