<?php
// The PHP SDK against a live Sandi (run by Sandi's `npm test`, or by hand):
//   SANDI_BASE_URL=… SANDI_API_KEY=sk_test_… [the other SANDI_* of tests/harness/sdk-fixtures.ts] php tests/contract.php
// Prints one line per scenario and, for each error code a scenario provoked and saw
// thrown as its class, a `covers CODE` line.
require __DIR__ . '/../autoload.php';

use Sandi\Client;
use Sandi\ConnectionException;
use Sandi\Generated\ErrorCodes;
use Sandi\SandiException;
use Sandi\Webhook;
use Sandi\WebhookVerificationException;

function env_of(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        throw new RuntimeException($name . ' is not set');
    }
    return $value;
}

function check(bool $condition, string $what): void
{
    if (!$condition) {
        throw new RuntimeException('failed: ' . $what);
    }
}

function same($expected, $actual, string $what): void
{
    check($expected === $actual, $what . ': expected ' . var_export($expected, true) . ', got ' . var_export($actual, true));
}

$failed = 0;
function scenario(string $name, callable $fn, array $covers = []): void
{
    global $failed;
    try {
        $fn();
        echo "ok - $name\n";
        foreach ($covers as $code) {
            echo "covers $code\n";
        }
    } catch (Throwable $e) {
        $failed++;
        echo "not ok - $name: " . get_class($e) . ': ' . $e->getMessage() . "\n" . $e->getTraceAsString() . "\n";
    }
}

/** Runs $fn, expects the class of $code to be thrown, returns it. */
function throws_code(string $code, callable $fn): SandiException
{
    $class = 'Sandi\\Exception\\' . str_replace(' ', '', ucwords(strtolower(str_replace('_', ' ', $code)))) . 'Exception';
    $class = str_replace('ErrorException', 'Exception', $class);
    check(class_exists($class), "the SDK has a class for $code ($class)");
    same($class, ErrorCodes::CLASSES[$code], "the class $code is thrown as");
    try {
        $fn();
    } catch (SandiException $e) {
        check($e instanceof $class, "expected $class, got " . get_class($e) . ': ' . $e->getMessage());
        same($code, $e->getErrorCode(), 'getErrorCode()');
        same(ErrorCodes::STATUS[$code], $e->getStatus(), "status of $code");
        check(preg_match('/^[0-9a-f-]{36}$/', (string) $e->getRequestId()) === 1, 'X-Request-Id is kept');
        return $e;
    }
    throw new RuntimeException("expected $code, but the call succeeded");
}

$baseUrl = env_of('SANDI_BASE_URL');
$sandi = new Client(env_of('SANDI_API_KEY'), ['base_url' => $baseUrl]);
$suffix = substr(str_pad((string) getmypid(), 6, '0', STR_PAD_LEFT), -6);
$phone = function (int $n) use ($suffix) {
    return '6282' . $suffix . str_pad((string) $n, 3, '0', STR_PAD_LEFT);
};
$codeOf = function (string $otpId) use ($sandi) {
    return $sandi->test->messages(['otp_id' => $otpId])[0]['code'];
};
$wrong = function (string $code) {
    return substr($code, 0, -1) . (string) (((int) substr($code, -1) + 1) % 10);
};
/** The WIB (UTC+7) date, the days insights count in. */
$wibDate = function () {
    return gmdate('Y-m-d', time() + 7 * 3600);
};
// Taken before any OTP is made, so a WIB midnight during the run still has them in range.
$startDate = $wibDate();
$verifiedOtpId = null;

scenario('account: the test key\'s account, snake_case as the API sends it', function () use ($sandi) {
    $account = $sandi->account->get();
    same(false, $account['livemode'], 'livemode');
    check(is_string($account['merchant_id']), 'merchant_id');
    check(is_int($account['saldo']), 'saldo');
});

scenario('request with a test key, read the code through /v3/test/messages, a wrong code, then verify', function () use ($sandi, $phone, $codeOf, $wrong, &$verifiedOtpId) {
    $otp = $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(1)]);
    check(strpos($otp['otp_id'], 'OTP') === 0, 'otp_id');
    same('sent', $otp['status'], 'status');
    $code = $codeOf($otp['otp_id']);
    check(preg_match('/^\d{4,8}$/', $code) === 1, 'a code in the sandbox message');
    same(['otp_id' => $otp['otp_id'], 'verified' => false, 'reason' => 'mismatch'], $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => $wrong($code)]), 'a wrong code');
    same(['otp_id' => $otp['otp_id'], 'verified' => true, 'reason' => ''], $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => $code]), 'the right code');
    $detail = $sandi->otp->get($otp['otp_id']);
    same('verified', $detail['status'], 'status after verification');
    same(1, $detail['attempts'], 'attempts');
    $verifiedOtpId = $otp['otp_id'];
});

scenario('templates: create, list, read, replace, an OTP worded by it, delete', function () use ($sandi, $phone, $suffix) {
    $name = 'php-' . $suffix;
    $created = $sandi->templates->create(['name' => $name, 'fragments' => [['channel' => 'sms', 'locale' => 'en', 'text' => '{brand}: {code}']]]);
    same($name, $created['name'], 'created name');
    check(in_array($name, array_column($sandi->templates->list(), 'name'), true), 'listed');
    throws_code('TEMPLATE_EXISTS', function () use ($sandi, $name) {
        $sandi->templates->create(['name' => $name, 'fragments' => [['channel' => 'sms', 'locale' => 'en', 'text' => '{code}']]]);
    });
    $updated = $sandi->templates->update($name, [['channel' => 'sms', 'locale' => 'en', 'text' => 'Code {code}']]);
    same($updated['fragments'], $sandi->templates->get($name)['fragments'], 'read back');
    $otp = $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(10), 'template' => $name, 'locale' => 'en']);
    $message = $sandi->test->messages(['otp_id' => $otp['otp_id']])[0];
    same('Code ' . $message['code'], explode("\n", $message['text'])[0], 'worded by the template');
    same(['name' => $name, 'deleted' => true], $sandi->templates->delete($name), 'deleted');
    throws_code('TEMPLATE_NOT_FOUND', function () use ($sandi, $name) {
        $sandi->templates->get($name);
    });
}, ['TEMPLATE_EXISTS', 'TEMPLATE_NOT_FOUND']);

scenario('send with your own code, and verify it', function () use ($sandi, $phone) {
    $otp = $sandi->otp->send(['channel' => 'sms', 'destination' => $phone(2), 'otp' => '482913']);
    same(true, $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => '482913'])['verified'], 'verified');
});

scenario('insights: today\'s summary by channel counts the OTPs just made, its groups add up to its totals; a bad date is VALIDATION_ERROR', function () use ($sandi, $wibDate, $startDate) {
    $summary = $sandi->insights->summary(['from' => $startDate, 'to' => $wibDate(), 'group_by' => 'channel']);
    same($startDate, $summary['from'], 'from');
    check($summary['totals']['created'] >= 1, 'created >= 1, got ' . $summary['totals']['created']);
    check(array_key_exists('conversion_rate', $summary['totals']), 'conversion_rate, snake_case');
    check(in_array('sms', array_column($summary['groups'], 'key'), true), 'an sms group');
    foreach (['created', 'delivered', 'verified', 'failed', 'expired', 'locked', 'spend'] as $figure) {
        same($summary['totals'][$figure], array_sum(array_column($summary['groups'], $figure)), "groups add up to totals.$figure");
    }
    throws_code('VALIDATION_ERROR', function () use ($sandi, $wibDate) {
        $sandi->insights->summary(['from' => '2026-02-30', 'to' => $wibDate()]);
    });
});

scenario('lists: a block-listed prefix refuses with FRAUD_BLOCKED (reason blocklist) until removed', function () use ($sandi, $suffix) {
    $prefix = '6289' . $suffix . '*';
    same($prefix, $sandi->lists->add('block', $prefix)['value'], 'added');
    check(in_array($prefix, array_column($sandi->lists->get('block')['entries'], 'value'), true), 'listed');
    $err = throws_code('FRAUD_BLOCKED', function () use ($sandi, $suffix) {
        $sandi->otp->request(['channel' => 'sms', 'destination' => '6289' . $suffix . '001']);
    });
    same('blocklist', $err->getDetails()['reason'], 'reason');
    same(['value' => $prefix, 'removed' => true], $sandi->lists->remove('block', $prefix), 'removed');
});

scenario('a replay with the same external_id answers the original; other parameters are DUPLICATE_EXTERNAL_ID', function () use ($sandi, $phone, $suffix) {
    $externalId = 'order-php-' . $suffix;
    $first = $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(3), 'external_id' => $externalId]);
    $again = $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(3), 'external_id' => $externalId]);
    same($first['otp_id'], $again['otp_id'], 'the replay answers the original');
    same(1, count($sandi->test->messages(['otp_id' => $first['otp_id']])), 'one message sent');
    $e = throws_code('DUPLICATE_EXTERNAL_ID', function () use ($sandi, $phone, $externalId) {
        $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(4), 'external_id' => $externalId]);
    });
    same(['existing_otp_id' => $first['otp_id']], $e->getDetails(), 'details');
}, ['DUPLICATE_EXTERNAL_ID']);

scenario('test mode: an inbound WhatsApp message verifies a whatsapp_inbound OTP; a receipt moves a sent OTP', function () use ($sandi, $phone) {
    $inbound = $sandi->otp->request(['channel' => 'whatsapp_inbound', 'destination' => $phone(5)]);
    same('pending', $inbound['status'], 'status');
    same(['matched' => true, 'otp_id' => $inbound['otp_id']], $sandi->test->inboundWhatsapp(['from' => $phone(5), 'text' => $inbound['verification']['message']]), 'matched');
    $sent = $sandi->otp->request(['channel' => 'whatsapp', 'destination' => $phone(6)]);
    same($sent['otp_id'], $sandi->test->receipt(['otp_id' => $sent['otp_id'], 'status' => 'failed'])['otp_id'], 'receipt');
});

scenario('topups: a test-mode invoice', function () use ($sandi) {
    $invoice = $sandi->topups->create(['amount' => 10000]);
    check(preg_match('/^TC\d{8}/', $invoice['topup_id']) === 1, 'topup_id');
    same(10000, $invoice['amount'], 'amount');
    check(strpos($invoice['payment_url'], '/topup/') !== false, 'payment_url');
});

scenario('a webhook received from Sandi verifies with the SDK; a tampered body or another secret is refused', function () use (&$verifiedOtpId) {
    check($verifiedOtpId !== null, 'the verify scenario ran');
    $secret = env_of('SANDI_WEBHOOK_SECRET');
    $delivery = null;
    for ($i = 0; $i < 150 && $delivery === null; $i++) { // bounded polling: 15 s at most
        foreach (json_decode((string) file_get_contents(env_of('SANDI_WEBHOOK_INBOX')), true) as $d) {
            if (strpos($d['body'], $verifiedOtpId) !== false && strpos($d['body'], '"otp.verified"') !== false) {
                $delivery = $d;
            }
        }
        if ($delivery === null) {
            usleep(100000);
        }
    }
    check($delivery !== null, 'Sandi delivered otp.verified within 15 s');
    $event = Webhook::verify($delivery['body'], $delivery['headers'], $secret);
    same('otp.verified', $event['type'], 'type');
    same($verifiedOtpId, $event['data']['otp_id'], 'otp_id');
    // The same headers as PHP's $_SERVER carries them.
    $server = [];
    foreach ($delivery['headers'] as $name => $value) {
        $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
    }
    same($event, Webhook::verify($delivery['body'], $server, $secret), 'verified from $_SERVER');
    $refused = [
        'tampered body' => [str_replace($verifiedOtpId, 'OTP20990101XXXX000001', $delivery['body']), $delivery['headers'], $secret],
        'another secret' => [$delivery['body'], $delivery['headers'], 'whsec_' . base64_encode('another secret')],
    ];
    foreach ($refused as $what => $args) {
        try {
            Webhook::verify($args[0], $args[1], $args[2]);
            throw new RuntimeException("$what was accepted");
        } catch (WebhookVerificationException $e) {
        }
    }
});

scenario('Standard Webhooks test vectors', function () {
    // The specification's published example.
    $secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    $id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    $timestamp = '1614265330';
    $body = '{"test": 2432232314}';
    $signature = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
    $now = (int) $timestamp;
    $headers = ['webhook-id' => $id, 'webhook-timestamp' => $timestamp, 'webhook-signature' => $signature];
    same($signature, Webhook::sign($secret, $id, $timestamp, $body), 'signature');
    same(['test' => 2432232314], Webhook::verify($body, $headers, $secret, $now), 'verified');
    same(['test' => 2432232314], Webhook::verify($body, ['Webhook-Id' => [$id], 'Webhook-Timestamp' => [$timestamp], 'Webhook-Signature' => [$signature]], $secret, $now), 'Laravel-style headers');
    // One of several signatures matching is enough (rotation); other versions are ignored.
    Webhook::verify($body, ['webhook-signature' => 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ' . $signature] + $headers, $secret, $now);
    $refused = [
        'tampered body' => ['{"test": 2432232315}', $headers, $now],
        'tampered id' => [$body, ['webhook-id' => 'msg_p5jXN8AQM9LWM0D4loKWxJel'] + $headers, $now],
        'tampered timestamp' => [$body, ['webhook-timestamp' => '1614265331'] + $headers, $now],
        'only another version' => [$body, ['webhook-signature' => str_replace('v1,', 'v2,', $signature)] + $headers, $now],
        'missing header' => [$body, ['webhook-id' => $id, 'webhook-timestamp' => $timestamp], $now],
        'too old' => [$body, $headers, $now + 301],
        'too far ahead' => [$body, $headers, $now - 301],
    ];
    foreach ($refused as $what => $args) {
        try {
            Webhook::verify($args[0], $args[1], $secret, $args[2]);
            throw new RuntimeException("$what was accepted");
        } catch (WebhookVerificationException $e) {
        }
    }
});

$client = function (string $keyVar, array $options = []) use ($baseUrl) {
    return new Client(env_of($keyVar), $options + ['base_url' => $baseUrl]);
};

scenario('VALIDATION_ERROR', function () use ($sandi) {
    throws_code('VALIDATION_ERROR', function () use ($sandi) {
        $sandi->topups->create(['amount' => 12345]);
    });
}, ['VALIDATION_ERROR']);
scenario('INVALID_CHANNEL', function () use ($sandi, $phone) {
    throws_code('INVALID_CHANNEL', function () use ($sandi, $phone) {
        $sandi->otp->request(['channel' => 'pigeon', 'destination' => $phone(7)]);
    });
}, ['INVALID_CHANNEL']);
scenario('INVALID_NUMBER', function () use ($sandi) {
    throws_code('INVALID_NUMBER', function () use ($sandi) {
        $sandi->otp->request(['channel' => 'sms', 'destination' => '0812-abc']);
    });
}, ['INVALID_NUMBER']);
scenario('UNAUTHORIZED', function () use ($baseUrl) {
    throws_code('UNAUTHORIZED', function () use ($baseUrl) {
        (new Client('sk_test_nope', ['base_url' => $baseUrl]))->account->get();
    });
}, ['UNAUTHORIZED']);
scenario('INSUFFICIENT_BALANCE', function () use ($client, $phone) {
    throws_code('INSUFFICIENT_BALANCE', function () use ($client, $phone) {
        $client('SANDI_BROKE_KEY')->otp->request(['channel' => 'sms', 'destination' => $phone(8)]);
    });
}, ['INSUFFICIENT_BALANCE']);
scenario('IP_NOT_ALLOWED', function () use ($client) {
    throws_code('IP_NOT_ALLOWED', function () use ($client) {
        $client('SANDI_FENCED_KEY')->account->get();
    });
}, ['IP_NOT_ALLOWED']);
scenario('GEO_NOT_ALLOWED, with its details', function () use ($sandi) {
    $e = throws_code('GEO_NOT_ALLOWED', function () use ($sandi) {
        $sandi->otp->request(['channel' => 'sms', 'destination' => '14155550123']);
    });
    same(['country_code' => '1', 'channel_class' => 'sms'], $e->getDetails(), 'details');
}, ['GEO_NOT_ALLOWED']);
scenario('FRAUD_BLOCKED: one end user\'s signals reaching many numbers', function () use ($sandi, $suffix) {
    $e = throws_code('FRAUD_BLOCKED', function () use ($sandi, $suffix) {
        for ($i = 0; $i < 20; $i++) {
            $sandi->otp->request(['channel' => 'sms', 'destination' => '62858' . $suffix . str_pad((string) $i, 3, '0', STR_PAD_LEFT), 'signals' => ['ip' => '198.51.100.78', 'device_id' => 'device-php-' . $suffix]]);
        }
    });
    same('signal_velocity', $e->getDetails()['reason'], 'reason');
}, ['FRAUD_BLOCKED']);
scenario('OTP_NOT_FOUND', function () use ($sandi) {
    throws_code('OTP_NOT_FOUND', function () use ($sandi) {
        $sandi->otp->get('OTP20200101ABCD000001');
    });
}, ['OTP_NOT_FOUND']);
scenario('NOT_FOUND: test-mode endpoints with a live key', function () use ($client) {
    throws_code('NOT_FOUND', function () use ($client) {
        $client('SANDI_LIVE_KEY')->test->messages();
    });
}, ['NOT_FOUND']);
scenario('METHOD_NOT_ALLOWED', function () use ($sandi) {
    throws_code('METHOD_NOT_ALLOWED', function () use ($sandi) {
        $sandi->raw('DELETE', '/v3/account');
    });
}, ['METHOD_NOT_ALLOWED']);
scenario('PAYLOAD_TOO_LARGE', function () use ($sandi, $phone) {
    throws_code('PAYLOAD_TOO_LARGE', function () use ($sandi, $phone) {
        $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(9), 'brand' => str_repeat('x', 70000)]);
    });
}, ['PAYLOAD_TOO_LARGE']);
scenario('OTP_EXPIRED', function () use ($sandi) {
    throws_code('OTP_EXPIRED', function () use ($sandi) {
        $sandi->otp->verify(['otp_id' => env_of('SANDI_EXPIRED_OTP_ID'), 'otp' => '000000']);
    });
}, ['OTP_EXPIRED']);
scenario('TOO_MANY_ATTEMPTS after the failed attempts run out', function () use ($sandi, $phone, $codeOf, $wrong) {
    $otp = $sandi->otp->request(['channel' => 'sms', 'destination' => $phone(10)]);
    $bad = $wrong($codeOf($otp['otp_id']));
    $answered = 0;
    throws_code('TOO_MANY_ATTEMPTS', function () use ($sandi, $otp, $bad, &$answered) {
        for (; $answered < 10; $answered++) {
            same(false, $sandi->otp->verify(['otp_id' => $otp['otp_id'], 'otp' => $bad])['verified'], 'a wrong code');
        }
    });
    same(5, $answered, 'failed attempts answered before the lock');
}, ['TOO_MANY_ATTEMPTS']);
scenario('ALREADY_USED', function () use ($sandi, &$verifiedOtpId) {
    throws_code('ALREADY_USED', function () use ($sandi, $verifiedOtpId) {
        $sandi->otp->verify(['otp_id' => $verifiedOtpId, 'otp' => '000000']);
    });
}, ['ALREADY_USED']);
scenario('RATE_LIMITED carries its Retry-After; with retries off it is thrown', function () use ($client) {
    // A limit of 1 per second: of three calls in well under a second, two share a window.
    $slow = $client('SANDI_SLOW_KEY', ['max_retries' => 0]);
    $e = throws_code('RATE_LIMITED', function () use ($slow) {
        for ($i = 0; $i < 3; $i++) {
            $slow->account->get();
        }
    });
    check($e->getRetryAfter() >= 1, 'retry after');
}, ['RATE_LIMITED']);
scenario('a 429 with Retry-After is honoured: the SDK waits that long and succeeds', function () use ($client) {
    $retries = [];
    $slow = $client('SANDI_SLOW_KEY', ['max_retries' => 3, 'on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    for ($i = 0; $i < 3; $i++) {
        same(false, $slow->account->get()['livemode'], 'account');
    }
    check(count($retries) >= 1, 'at least one call was refused and retried');
    foreach ($retries as $r) {
        same('RATE_LIMITED', $r['exception']->getErrorCode(), 'retried code');
        same($r['exception']->getRetryAfter() * 1000, $r['delay_ms'], 'waited Retry-After');
    }
});
scenario('DESTINATION_RATE_LIMITED is thrown with its Retry-After, never retried behind your back', function () use ($client, $phone, $suffix) {
    $retries = [];
    $c = $client('SANDI_API_KEY', ['on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    $e = throws_code('DESTINATION_RATE_LIMITED', function () use ($c, $phone, $suffix) {
        for ($i = 0; $i < 10; $i++) {
            $c->otp->request(['channel' => 'sms', 'destination' => $phone(11), 'external_id' => "dest-$suffix-$i"]);
        }
    });
    check($e->getRetryAfter() > 0, 'retry after');
    same([], $retries, 'no retry');
}, ['DESTINATION_RATE_LIMITED']);
scenario('INTERNAL_ERROR (payment gateway down) on a creation without external_id is not retried', function () use ($client) {
    $retries = [];
    $live = $client('SANDI_LIVE_KEY', ['on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    throws_code('INTERNAL_ERROR', function () use ($live) {
        $live->topups->create(['amount' => 10000]);
    });
    same([], $retries, 'no retry');
}, ['INTERNAL_ERROR']);
scenario('CHANNEL_UNAVAILABLE: not retried without external_id, retried with one', function () use ($client, $phone, $suffix) {
    $retries = [];
    $c = $client('SANDI_API_KEY', ['max_retries' => 1, 'on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    $channel = env_of('SANDI_DISABLED_CHANNEL');
    throws_code('CHANNEL_UNAVAILABLE', function () use ($c, $channel, $phone) {
        $c->otp->request(['channel' => $channel, 'destination' => $phone(12)]);
    });
    same(0, count($retries), 'retries without external_id');
    throws_code('CHANNEL_UNAVAILABLE', function () use ($c, $channel, $phone, $suffix) {
        $c->otp->request(['channel' => $channel, 'destination' => $phone(12), 'external_id' => "off-$suffix"]);
    });
    same(1, count($retries), 'retries with external_id');
}, ['CHANNEL_UNAVAILABLE']);
scenario('network errors: a read is retried, a verify is not', function () {
    $retries = [];
    $nowhere = new Client('sk_test_x', ['base_url' => 'http://127.0.0.1:9', 'max_retries' => 1, 'on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    foreach ([function () use ($nowhere) {
        $nowhere->account->get();
    }, function () use ($nowhere) {
        $nowhere->otp->verify(['otp_id' => 'OTP20200101ABCD000001', 'otp' => '1234']);
    }] as $call) {
        try {
            $call();
            throw new RuntimeException('reached a closed port');
        } catch (ConnectionException $e) {
            same('CONNECTION_ERROR', $e->getErrorCode(), 'code');
        }
    }
    same(1, count($retries), 'only the read was retried');
});
scenario('a server that never answers: TIMEOUT after the timeout, per attempt', function () {
    $retries = [];
    $silent = new Client('sk_test_x', ['base_url' => env_of('SANDI_SILENT_URL'), 'timeout' => 0.3, 'max_retries' => 1, 'on_retry' => function ($info) use (&$retries) {
        $retries[] = $info;
    }]);
    try {
        $silent->account->get();
        throw new RuntimeException('a silent server answered');
    } catch (ConnectionException $e) {
        same('TIMEOUT', $e->getErrorCode(), 'code');
        same(0, $e->getStatus(), 'status');
    }
    same(1, count($retries), 'a read is retried after a timeout');
});

if ($failed > 0) {
    echo "$failed scenario(s) failed\n";
    exit(1);
}
