<?php

namespace Sandi;

use Sandi\Generated\ErrorCodes;

/**
 * One request to /v3 over ext-curl: the envelope unwrapped, errors thrown as their
 * class, retries only where a second attempt cannot do something twice, a timeout on
 * every attempt.
 */
final class Transport
{
    /** @var string */
    private $apiKey;
    /** @var string */
    private $baseUrl;
    /** @var float seconds per attempt */
    private $timeout;
    /** @var int further attempts after the first */
    private $maxRetries;
    /** @var float longest wait (seconds) accepted before a retry */
    private $maxRetryDelay;
    /** @var callable|null function (array $info): void, with attempt, delay_ms, exception */
    private $onRetry;

    public function __construct(string $apiKey, array $options)
    {
        if ($apiKey === '') {
            throw new \InvalidArgumentException('Sandi: the API key is required');
        }
        if (empty($options['base_url'])) {
            throw new \InvalidArgumentException("Sandi: the 'base_url' option is required (where your Sandi serves /v3)");
        }
        $this->apiKey = $apiKey;
        $this->baseUrl = rtrim($options['base_url'], '/');
        $this->timeout = isset($options['timeout']) ? (float) $options['timeout'] : 30.0;
        $this->maxRetries = isset($options['max_retries']) ? (int) $options['max_retries'] : 2;
        $this->maxRetryDelay = isset($options['max_retry_delay']) ? (float) $options['max_retry_delay'] : 10.0;
        $this->onRetry = isset($options['on_retry']) ? $options['on_retry'] : null;
    }

    /**
     * @return array the envelope's data, snake_case as the API sends it
     * @throws SandiException
     */
    public function send(string $method, string $path, ?array $body = null, array $query = []): array
    {
        for ($attempt = 0; ; $attempt++) {
            try {
                return $this->once($method, $path, $body, $query);
            } catch (SandiException $e) {
                if ($attempt >= $this->maxRetries || !$this->retryable($e, $method, $body)) {
                    throw $e;
                }
                $delayMs = $e->getRetryAfter() !== null ? $e->getRetryAfter() * 1000 : (int) (min(8000, 500 * pow(2, $attempt)) * (0.75 + mt_rand() / mt_getrandmax() * 0.5));
                if ($delayMs > $this->maxRetryDelay * 1000) {
                    throw $e;
                }
                if ($this->onRetry !== null) {
                    call_user_func($this->onRetry, ['attempt' => $attempt + 1, 'delay_ms' => $delayMs, 'exception' => $e]);
                }
                usleep($delayMs * 1000);
            }
        }
    }

    /**
     * RATE_LIMITED is answered before the request is looked at, so repeating it is always
     * safe; other 429s, 5xx and lost connections only for a read or a creation carrying
     * external_id (the API answers a replay with the original transaction).
     */
    private function retryable(SandiException $e, string $method, ?array $body): bool
    {
        if ($e->getErrorCode() === 'RATE_LIMITED') {
            return true;
        }
        if ($e->getErrorCode() === 'DESTINATION_RATE_LIMITED') {
            return false;
        }
        $transient = $e instanceof ConnectionException || $e->getStatus() === 429 || $e->getStatus() >= 500;
        $idempotent = $method === 'GET' || (is_array($body) && isset($body['external_id']) && is_string($body['external_id']));
        return $transient && $idempotent;
    }

    private function once(string $method, string $path, ?array $body, array $query): array
    {
        $query = array_filter($query, function ($v) {
            return $v !== null && $v !== '';
        });
        $url = $this->baseUrl . $path . ($query ? '?' . http_build_query($query) : '');
        // An empty Expect stops curl from waiting for "100 Continue" before larger bodies.
        $headers = ['Authorization: Bearer ' . $this->apiKey, 'Accept: application/json', 'User-Agent: sandi-php/' . Client::VERSION, 'Expect:'];
        $responseHeaders = [];
        $curl = curl_init($url);
        $options = [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => (int) ($this->timeout * 1000),
            CURLOPT_CONNECTTIMEOUT_MS => (int) (min($this->timeout, 10.0) * 1000),
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_HEADERFUNCTION => function ($curl, $line) use (&$responseHeaders) {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $responseHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ];
        if ($body !== null) {
            $headers[] = 'Content-Type: application/json';
            $options[CURLOPT_POSTFIELDS] = json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        }
        $options[CURLOPT_HTTPHEADER] = $headers;
        curl_setopt_array($curl, $options);
        $text = curl_exec($curl);
        $errno = curl_errno($curl);
        $error = curl_error($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if (PHP_VERSION_ID < 80000) {
            curl_close($curl); // a no-op since PHP 8.0, deprecated in 8.5
        }
        if ($text === false || $errno !== 0) {
            $timedOut = $errno === CURLE_OPERATION_TIMEDOUT;
            throw new ConnectionException($timedOut ? 'No answer within ' . $this->timeout . ' s' : 'Could not reach Sandi: ' . $error, $timedOut ? 'TIMEOUT' : 'CONNECTION_ERROR');
        }
        $requestId = isset($responseHeaders['x-request-id']) ? $responseHeaders['x-request-id'] : null;
        $retryAfter = isset($responseHeaders['retry-after']) ? self::retryAfter($responseHeaders['retry-after']) : null;
        $envelope = json_decode($text, true);
        if (!is_array($envelope) || !array_key_exists('success', $envelope)) {
            throw new SandiException('HTTP ' . $status . ' without the JSON envelope', 'INVALID_RESPONSE', $status, $requestId, $retryAfter);
        }
        if ($envelope['success'] === true && $status >= 200 && $status < 300) {
            return is_array($envelope['data']) ? $envelope['data'] : [];
        }
        $err = is_array($envelope['error']) ? $envelope['error'] : [];
        $code = isset($err['code']) ? (string) $err['code'] : 'INVALID_RESPONSE';
        $class = isset(ErrorCodes::CLASSES[$code]) ? ErrorCodes::CLASSES[$code] : SandiException::class;
        $details = isset($err['details']) && is_array($err['details']) ? $err['details'] : null;
        throw new $class(isset($err['message']) ? (string) $err['message'] : 'HTTP ' . $status, $code, $status, $requestId, $retryAfter, $details);
    }

    /** Seconds, from either form HTTP allows (delta-seconds or a date). */
    private static function retryAfter(string $value): ?int
    {
        if (ctype_digit($value)) {
            return (int) $value;
        }
        $at = strtotime($value);
        return $at === false ? null : max(0, $at - time());
    }
}
