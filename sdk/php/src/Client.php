<?php

namespace Sandi;

use Sandi\Resource\Account;
use Sandi\Resource\Insights;
use Sandi\Resource\Lists;
use Sandi\Resource\Otp;
use Sandi\Resource\Templates;
use Sandi\Resource\TestMode;
use Sandi\Resource\Topups;

/**
 * The Sandi client. Options: base_url (required), timeout (seconds per attempt, 30),
 * max_retries (2), max_retry_delay (seconds, 10), on_retry (callable, for logging).
 *
 *     $sandi = new \Sandi\Client(getenv('SANDI_API_KEY'), ['base_url' => 'https://otp.example.com']);
 *     $otp = $sandi->otp->request(['channel' => 'whatsapp', 'destination' => '6281234567890']);
 */
final class Client
{
    const VERSION = '0.1.0';

    /** @var Otp */
    public $otp;
    /** @var Account */
    public $account;
    /** @var Topups */
    public $topups;
    /** @var Insights */
    public $insights;
    /** @var Templates message templates per channel and locale */
    public $templates;
    /** @var Lists safe list and block list */
    public $lists;
    /** @var TestMode test mode (sk_test_ keys only) */
    public $test;
    /** @var Transport */
    private $transport;

    public function __construct(string $apiKey, array $options = [])
    {
        $this->transport = new Transport($apiKey, $options);
        $this->otp = new Otp($this->transport);
        $this->account = new Account($this->transport);
        $this->topups = new Topups($this->transport);
        $this->insights = new Insights($this->transport);
        $this->templates = new Templates($this->transport);
        $this->lists = new Lists($this->transport);
        $this->test = new TestMode($this->transport);
    }

    /** Any /v3 call the SDK has no method for yet: the same envelope handling, errors and retries. */
    public function raw(string $method, string $path, ?array $body = null, array $query = []): array
    {
        return $this->transport->send(strtoupper($method), $path, $body, $query);
    }

    /** Which SDK method serves each operationId (a test checks every endpoint has one). */
    const OPERATION_METHODS = [
        'requestOtp' => 'otp->request',
        'sendOtp' => 'otp->send',
        'verifyOtp' => 'otp->verify',
        'getOtp' => 'otp->get',
        'getAccount' => 'account->get',
        'createTopup' => 'topups->create',
        'listTestMessages' => 'test->messages',
        'sendTestInboundWhatsapp' => 'test->inboundWhatsapp',
        'sendTestReceipt' => 'test->receipt',
        'getInsightsSummary' => 'insights->summary',
        'listTemplates' => 'templates->list',
        'createTemplate' => 'templates->create',
        'getTemplate' => 'templates->get',
        'updateTemplate' => 'templates->update',
        'deleteTemplate' => 'templates->delete',
        'getFraudList' => 'lists->get',
        'addFraudListEntry' => 'lists->add',
        'removeFraudListEntry' => 'lists->remove',
    ];
}
