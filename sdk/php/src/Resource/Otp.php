<?php

namespace Sandi\Resource;

final class Otp extends ApiResource
{
    /** POST /v3/request: Sandi makes the code and sends it. */
    public function request(array $params): array
    {
        return $this->call('requestOtp', $params);
    }

    /** POST /v3/send: sends your code (`otp`). */
    public function send(array $params): array
    {
        return $this->call('sendOtp', $params);
    }

    /** POST /v3/verify with ['otp_id' => …, 'otp' => …]; a wrong code is ['verified' => false, 'reason' => 'mismatch']. */
    public function verify(array $params): array
    {
        return $this->call('verifyOtp', $params);
    }

    /** GET /v3/otp/{otp_id} */
    public function get(string $otpId): array
    {
        return $this->call('getOtp', null, ['otp_id' => $otpId]);
    }
}
