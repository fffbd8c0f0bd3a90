<?php
// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

namespace Sandi\Generated;

/** Every /v3 endpoint, by operationId. */
final class Endpoints
{
    const ALL = [
        'requestOtp' => ['method' => 'POST', 'path' => '/v3/request', 'query' => []],
        'sendOtp' => ['method' => 'POST', 'path' => '/v3/send', 'query' => []],
        'verifyOtp' => ['method' => 'POST', 'path' => '/v3/verify', 'query' => []],
        'getOtp' => ['method' => 'GET', 'path' => '/v3/otp/{otp_id}', 'query' => []],
        'getAccount' => ['method' => 'GET', 'path' => '/v3/account', 'query' => []],
        'createTopup' => ['method' => 'POST', 'path' => '/v3/topups', 'query' => []],
        'listTemplates' => ['method' => 'GET', 'path' => '/v3/templates', 'query' => []],
        'createTemplate' => ['method' => 'POST', 'path' => '/v3/templates', 'query' => []],
        'getTemplate' => ['method' => 'GET', 'path' => '/v3/templates/{name}', 'query' => []],
        'updateTemplate' => ['method' => 'PUT', 'path' => '/v3/templates/{name}', 'query' => []],
        'deleteTemplate' => ['method' => 'DELETE', 'path' => '/v3/templates/{name}', 'query' => []],
        'listTestMessages' => ['method' => 'GET', 'path' => '/v3/test/messages', 'query' => ['otp_id', 'destination', 'limit']],
        'sendTestInboundWhatsapp' => ['method' => 'POST', 'path' => '/v3/test/inbound-whatsapp', 'query' => []],
        'sendTestReceipt' => ['method' => 'POST', 'path' => '/v3/test/receipts', 'query' => []],
        'getInsightsSummary' => ['method' => 'GET', 'path' => '/v3/insights/summary', 'query' => ['from', 'to', 'group_by']],
        'getFraudList' => ['method' => 'GET', 'path' => '/v3/lists/{list}', 'query' => []],
        'addFraudListEntry' => ['method' => 'POST', 'path' => '/v3/lists/{list}', 'query' => []],
        'removeFraudListEntry' => ['method' => 'DELETE', 'path' => '/v3/lists/{list}/{value}', 'query' => []],
    ];
}
