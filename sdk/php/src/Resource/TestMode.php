<?php

namespace Sandi\Resource;

/** Test mode, sk_test_ keys only (a live key gets NOT_FOUND). */
final class TestMode extends ApiResource
{
    /** GET /v3/test/messages: what the sandbox "sent", with the code; filter by otp_id, destination, limit. */
    public function messages(array $filter = []): array
    {
        return $this->call('listTestMessages', null, [], $filter);
    }

    /** POST /v3/test/inbound-whatsapp: the end user's WhatsApp message for a whatsapp_inbound OTP. */
    public function inboundWhatsapp(array $params): array
    {
        return $this->call('sendTestInboundWhatsapp', $params);
    }

    /** POST /v3/test/receipts: a delivery receipt (delivered or failed) for a test OTP. */
    public function receipt(array $params): array
    {
        return $this->call('sendTestReceipt', $params);
    }
}
