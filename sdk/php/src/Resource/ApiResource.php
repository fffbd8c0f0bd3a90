<?php

namespace Sandi\Resource;

use Sandi\Generated\Endpoints;
use Sandi\Transport;

/** Calls one endpoint of the generated list by its operationId. */
abstract class ApiResource
{
    /** @var Transport */
    private $transport;

    public function __construct(Transport $transport)
    {
        $this->transport = $transport;
    }

    protected function call(string $operationId, ?array $body = null, array $pathParams = [], array $query = []): array
    {
        $endpoint = Endpoints::ALL[$operationId];
        $path = preg_replace_callback('/\{(\w+)\}/', function ($m) use ($pathParams) {
            return rawurlencode(isset($pathParams[$m[1]]) ? (string) $pathParams[$m[1]] : '');
        }, $endpoint['path']);
        return $this->transport->send($endpoint['method'], $path, $body, array_intersect_key($query, array_flip($endpoint['query'])));
    }
}
