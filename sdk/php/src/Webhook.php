<?php

namespace Sandi;

/**
 * Standard Webhooks (https://www.standardwebhooks.com/): webhook-id, webhook-timestamp and
 * webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", space-separated while
 * a rotated-out secret still signs), keyed with the base64 after "whsec_".
 */
final class Webhook
{
    /** How far a timestamp may be from now, either way, before the message counts as a replay. */
    const TOLERANCE_SECONDS = 300;

    /**
     * Checks a delivery against the raw body (file_get_contents('php://input'), or
     * $request->getContent() in Laravel) and returns the event as an array.
     *
     * @param array $headers getallheaders(), $_SERVER, or Laravel's $request->headers->all()
     * @param int|null $now unix seconds (tests); the clock when null
     * @throws WebhookVerificationException
     */
    public static function verify(string $body, array $headers, string $secret, ?int $now = null, int $toleranceSeconds = self::TOLERANCE_SECONDS): array
    {
        $headers = self::normalize($headers);
        $id = isset($headers['webhook-id']) ? $headers['webhook-id'] : '';
        $timestamp = isset($headers['webhook-timestamp']) ? $headers['webhook-timestamp'] : '';
        $signatures = isset($headers['webhook-signature']) ? $headers['webhook-signature'] : '';
        if ($id === '' || $timestamp === '' || $signatures === '') {
            throw new WebhookVerificationException('Missing webhook-id, webhook-timestamp or webhook-signature header');
        }
        if (!ctype_digit($timestamp)) {
            throw new WebhookVerificationException('Invalid webhook-timestamp');
        }
        $now = $now === null ? time() : $now;
        if (abs($now - (int) $timestamp) > $toleranceSeconds) {
            throw new WebhookVerificationException('Webhook timestamp outside the tolerance (replayed or clock skew)');
        }
        $expected = substr(self::sign($secret, $id, $timestamp, $body), 3);
        $matched = false;
        foreach (explode(' ', $signatures) as $entry) {
            $parts = explode(',', $entry, 2);
            if (count($parts) === 2 && $parts[0] === 'v1' && hash_equals($expected, $parts[1])) {
                $matched = true;
            }
        }
        if (!$matched) {
            throw new WebhookVerificationException('No matching webhook signature');
        }
        $event = json_decode($body, true);
        if (!is_array($event)) {
            throw new WebhookVerificationException('Webhook body is not JSON');
        }
        return $event;
    }

    /** The signature a message should carry ("v1,…"), for tests and your own fixtures. */
    public static function sign(string $secret, string $id, string $timestamp, string $body): string
    {
        $key = base64_decode(strpos($secret, 'whsec_') === 0 ? substr($secret, 6) : $secret, true);
        if ($key === false) {
            throw new WebhookVerificationException('The secret is not whsec_ followed by base64');
        }
        return 'v1,' . base64_encode(hash_hmac('sha256', $id . '.' . $timestamp . '.' . $body, $key, true));
    }

    /** Lower-case names; $_SERVER's HTTP_WEBHOOK_ID becomes webhook-id; list values joined with spaces. */
    private static function normalize(array $headers): array
    {
        $out = [];
        foreach ($headers as $name => $value) {
            $name = strtolower((string) $name);
            if (strpos($name, 'http_') === 0) {
                $name = str_replace('_', '-', substr($name, 5));
            }
            $out[$name] = is_array($value) ? implode(' ', $value) : (string) $value;
        }
        return $out;
    }
}
