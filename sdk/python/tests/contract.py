"""The Python SDK against a live Sandi (run by Sandi's `npm test`, or by hand):
    SANDI_BASE_URL=... SANDI_API_KEY=sk_test_... [the other SANDI_* of tests/harness/sdk-fixtures.ts] python3 tests/contract.py
Prints one line per scenario and, for each error code a scenario provoked and saw raised
as its class, a `covers CODE` line."""

import json
import os
import re
import sys
import time
import traceback
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import sandi  # noqa: E402

failed = 0


def env(name):
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(name + " is not set")
    return value


def scenario(name, covers=()):
    def run(fn):
        global failed
        try:
            fn()
            print("ok - " + name)
            for code in covers:
                print("covers " + code)
        except Exception:  # noqa: BLE001 - a failed scenario is reported, the others still run
            failed += 1
            print("not ok - {}: {}".format(name, traceback.format_exc()))
        return fn

    return run


def raises_code(code, fn):
    name = "".join(part.capitalize() for part in code.split("_"))
    cls = getattr(sandi, name if name.endswith("Error") else name + "Error", None)
    assert cls is not None and issubclass(cls, sandi.SandiError), "the SDK has a class for " + code
    try:
        fn()
    except sandi.SandiError as e:
        assert isinstance(e, cls), "expected {}, got {}: {}".format(cls.__name__, type(e).__name__, e)
        assert e.code == code, e.code
        assert e.status == sandi.ERROR_STATUS[code], e.status
        assert re.match(r"^[0-9a-f-]{36}$", e.request_id or ""), "X-Request-Id is kept"
        return e
    raise AssertionError("expected {}, but the call succeeded".format(code))


base_url = env("SANDI_BASE_URL")
client = sandi.Client(env("SANDI_API_KEY"), base_url)
suffix = str(os.getpid()).zfill(6)[-6:]


def phone(n):
    return "6283" + suffix + str(n).zfill(3)


def code_of(otp_id):
    return client.test.messages(otp_id=otp_id)[0]["code"]


def wrong(code):
    return code[:-1] + str((int(code[-1]) + 1) % 10)


def other(key_var, **options):
    return sandi.Client(env(key_var), base_url, **options)


def wib_date():
    """The WIB (UTC+7) date, the days insights count in."""
    return time.strftime("%Y-%m-%d", time.gmtime(time.time() + 7 * 3600))


# Taken before any OTP is made, so a WIB midnight during the run still has them in range.
start_date = wib_date()
state = {}


@scenario("account: the test key's account, snake_case as the API sends it")
def _():
    account = client.account.get()
    assert account["livemode"] is False
    assert isinstance(account["merchant_id"], str) and isinstance(account["saldo"], int)


@scenario("request with a test key, read the code through /v3/test/messages, a wrong code, then verify")
def _():
    otp = client.otp.request({"channel": "sms", "destination": phone(1)})
    assert otp["otp_id"].startswith("OTP") and otp["status"] == "sent"
    code = code_of(otp["otp_id"])
    assert re.match(r"^\d{4,8}$", code)
    assert client.otp.verify({"otp_id": otp["otp_id"], "otp": wrong(code)}) == {"otp_id": otp["otp_id"], "verified": False, "reason": "mismatch"}
    assert client.otp.verify({"otp_id": otp["otp_id"], "otp": code}) == {"otp_id": otp["otp_id"], "verified": True, "reason": ""}
    detail = client.otp.get(otp["otp_id"])
    assert detail["status"] == "verified" and detail["attempts"] == 1
    state["verified"] = otp["otp_id"]


@scenario("send with your own code, and verify it")
def _():
    otp = client.otp.send({"channel": "sms", "destination": phone(2), "otp": "482913"})
    assert client.otp.verify({"otp_id": otp["otp_id"], "otp": "482913"})["verified"] is True


@scenario("insights: today's summary by channel counts the OTPs just made, its groups add up to its totals; a bad date is VALIDATION_ERROR")
def _():
    summary = client.insights.summary({"from": start_date, "to": wib_date(), "group_by": "channel"})
    assert summary["from"] == start_date, summary["from"]
    assert summary["totals"]["created"] >= 1, summary["totals"]
    assert "conversion_rate" in summary["totals"], summary["totals"]
    assert "sms" in [g["key"] for g in summary["groups"]], summary["groups"]
    for figure in ("created", "delivered", "verified", "failed", "expired", "locked", "spend"):
        assert sum(g[figure] for g in summary["groups"]) == summary["totals"][figure], figure
    raises_code("VALIDATION_ERROR", lambda: client.insights.summary({"from": "2026-02-30", "to": wib_date()}))


@scenario("templates: create, list, read, replace, an OTP worded by it, delete", ["TEMPLATE_EXISTS", "TEMPLATE_NOT_FOUND"])
def _():
    name = "py-" + suffix
    created = client.templates.create({"name": name, "fragments": [{"channel": "sms", "locale": "en", "text": "{brand}: {code}"}]})
    assert created["name"] == name, created
    assert any(t["name"] == name for t in client.templates.list())
    raises_code("TEMPLATE_EXISTS", lambda: client.templates.create({"name": name, "fragments": [{"channel": "sms", "locale": "en", "text": "{code}"}]}))
    updated = client.templates.update(name, [{"channel": "sms", "locale": "en", "text": "Code {code}"}])
    assert client.templates.get(name)["fragments"] == updated["fragments"]
    otp = client.otp.request({"channel": "sms", "destination": phone(10), "template": name, "locale": "en"})
    message = client.test.messages(otp_id=otp["otp_id"])[0]
    assert message["text"].split("\n")[0] == "Code " + message["code"], message["text"]
    assert client.templates.delete(name) == {"name": name, "deleted": True}
    raises_code("TEMPLATE_NOT_FOUND", lambda: client.templates.get(name))


@scenario("lists: a block-listed prefix refuses with FRAUD_BLOCKED (reason blocklist) until removed")
def _():
    prefix = "6289" + suffix + "*"
    assert client.lists.add("block", prefix)["value"] == prefix
    assert prefix in [e["value"] for e in client.lists.get("block")["entries"]]
    err = raises_code("FRAUD_BLOCKED", lambda: client.otp.request({"channel": "sms", "destination": "6289" + suffix + "001"}))
    assert err.details["reason"] == "blocklist", err.details
    assert client.lists.remove("block", prefix) == {"value": prefix, "removed": True}


@scenario("a replay with the same external_id answers the original; other parameters are DUPLICATE_EXTERNAL_ID", ["DUPLICATE_EXTERNAL_ID"])
def _():
    external_id = "order-py-" + suffix
    first = client.otp.request({"channel": "sms", "destination": phone(3), "external_id": external_id})
    again = client.otp.request({"channel": "sms", "destination": phone(3), "external_id": external_id})
    assert again["otp_id"] == first["otp_id"]
    assert len(client.test.messages(otp_id=first["otp_id"])) == 1
    e = raises_code("DUPLICATE_EXTERNAL_ID", lambda: client.otp.request({"channel": "sms", "destination": phone(4), "external_id": external_id}))
    assert e.details == {"existing_otp_id": first["otp_id"]}, e.details


@scenario("test mode: an inbound WhatsApp message verifies a whatsapp_inbound OTP; a receipt moves a sent OTP")
def _():
    inbound = client.otp.request({"channel": "whatsapp_inbound", "destination": phone(5)})
    assert inbound["status"] == "pending"
    assert client.test.inbound_whatsapp({"from": phone(5), "text": inbound["verification"]["message"]}) == {"matched": True, "otp_id": inbound["otp_id"]}
    sent = client.otp.request({"channel": "whatsapp", "destination": phone(6)})
    assert client.test.receipt({"otp_id": sent["otp_id"], "status": "failed"})["otp_id"] == sent["otp_id"]


@scenario("topups: a test-mode invoice")
def _():
    invoice = client.topups.create({"amount": 10000})
    assert re.match(r"^TC\d{8}", invoice["topup_id"]) and invoice["amount"] == 10000 and "/topup/" in invoice["payment_url"]


@scenario("a webhook received from Sandi verifies with the SDK; a tampered body or another secret is refused")
def _():
    otp_id = state["verified"]
    secret = env("SANDI_WEBHOOK_SECRET")
    delivery = None
    for _ in range(150):  # bounded polling: 15 s at most
        inbox = json.loads(urllib.request.urlopen(env("SANDI_WEBHOOK_INBOX")).read())
        found = [d for d in inbox if otp_id in d["body"] and '"otp.verified"' in d["body"]]
        if found:
            delivery = found[0]
            break
        time.sleep(0.1)
    assert delivery is not None, "Sandi delivered otp.verified within 15 s"
    event = sandi.Webhook.verify(delivery["body"].encode("utf-8"), delivery["headers"], secret)
    assert event["type"] == "otp.verified" and event["data"]["otp_id"] == otp_id
    for body, key in ((delivery["body"].replace(otp_id, "OTP20990101XXXX000001"), secret), (delivery["body"], "whsec_" + "YW5vdGhlciBzZWNyZXQ=")):
        try:
            sandi.webhooks.verify(body, delivery["headers"], key)
            raise AssertionError("accepted")
        except sandi.WebhookVerificationError:
            pass


@scenario("Standard Webhooks test vectors")
def _():
    # The specification's published example.
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    msg_id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    timestamp = "1614265330"
    body = '{"test": 2432232314}'
    signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    now = int(timestamp)
    headers = {"webhook-id": msg_id, "webhook-timestamp": timestamp, "webhook-signature": signature}
    assert sandi.webhooks.sign(secret, msg_id, timestamp, body) == signature
    assert sandi.Webhook.verify(body, headers, secret, now=now) == {"test": 2432232314}
    assert sandi.Webhook.verify(body.encode(), {"Webhook-Id": msg_id, "Webhook-Timestamp": timestamp, "Webhook-Signature": signature}, secret, now=now) == {"test": 2432232314}
    sandi.Webhook.verify(body, dict(headers, **{"webhook-signature": "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc " + signature}), secret, now=now)
    refused = [
        ('{"test": 2432232315}', headers, now),
        (body, dict(headers, **{"webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJel"}), now),
        (body, dict(headers, **{"webhook-timestamp": "1614265331"}), now),
        (body, dict(headers, **{"webhook-signature": signature.replace("v1,", "v2,")}), now),
        (body, {"webhook-id": msg_id, "webhook-timestamp": timestamp}, now),
        (body, headers, now + 301),
        (body, headers, now - 301),
    ]
    for b, h, n in refused:
        try:
            sandi.Webhook.verify(b, h, secret, now=n)
            raise AssertionError("accepted: {} {}".format(b, h))
        except sandi.WebhookVerificationError:
            pass


def covers(code, fn):
    scenario(code, [code])(lambda: raises_code(code, fn))


covers("VALIDATION_ERROR", lambda: client.topups.create({"amount": 12345}))
covers("INVALID_CHANNEL", lambda: client.otp.request({"channel": "pigeon", "destination": phone(7)}))
covers("INVALID_NUMBER", lambda: client.otp.request({"channel": "sms", "destination": "0812-abc"}))
covers("UNAUTHORIZED", lambda: sandi.Client("sk_test_nope", base_url).account.get())
covers("INSUFFICIENT_BALANCE", lambda: other("SANDI_BROKE_KEY").otp.request({"channel": "sms", "destination": phone(8)}))
covers("IP_NOT_ALLOWED", lambda: other("SANDI_FENCED_KEY").account.get())
covers("OTP_NOT_FOUND", lambda: client.otp.get("OTP20200101ABCD000001"))
covers("NOT_FOUND", lambda: other("SANDI_LIVE_KEY").test.messages())
covers("METHOD_NOT_ALLOWED", lambda: client.raw("DELETE", "/v3/account"))
covers("PAYLOAD_TOO_LARGE", lambda: client.otp.request({"channel": "sms", "destination": phone(9), "brand": "x" * 70000}))
covers("OTP_EXPIRED", lambda: client.otp.verify({"otp_id": env("SANDI_EXPIRED_OTP_ID"), "otp": "000000"}))
covers("ALREADY_USED", lambda: client.otp.verify({"otp_id": state["verified"], "otp": "000000"}))


@scenario("GEO_NOT_ALLOWED, with its details", ["GEO_NOT_ALLOWED"])
def _():
    e = raises_code("GEO_NOT_ALLOWED", lambda: client.otp.request({"channel": "sms", "destination": "14155550123"}))
    assert e.details == {"country_code": "1", "channel_class": "sms"}, e.details


@scenario("FRAUD_BLOCKED: one end user's signals reaching many numbers", ["FRAUD_BLOCKED"])
def _():
    def pump():
        for i in range(20):
            client.otp.request({"channel": "sms", "destination": "62859" + suffix + str(i).zfill(3), "signals": {"ip": "198.51.100.79", "device_id": "device-py-" + suffix}})

    assert raises_code("FRAUD_BLOCKED", pump).details["reason"] == "signal_velocity"


@scenario("TOO_MANY_ATTEMPTS after the failed attempts run out", ["TOO_MANY_ATTEMPTS"])
def _():
    otp = client.otp.request({"channel": "sms", "destination": phone(10)})
    bad = wrong(code_of(otp["otp_id"]))
    answered = []

    def attempts():
        for _ in range(10):
            assert client.otp.verify({"otp_id": otp["otp_id"], "otp": bad})["verified"] is False
            answered.append(1)

    raises_code("TOO_MANY_ATTEMPTS", attempts)
    assert len(answered) == 5, len(answered)


@scenario("RATE_LIMITED carries its Retry-After; with retries off it is raised", ["RATE_LIMITED"])
def _():
    # A limit of 1 per second: of three calls in well under a second, two share a window.
    slow = other("SANDI_SLOW_KEY", max_retries=0)
    e = raises_code("RATE_LIMITED", lambda: [slow.account.get() for _ in range(3)])
    assert e.retry_after >= 1


@scenario("a 429 with Retry-After is honoured: the SDK waits that long and succeeds")
def _():
    retries = []
    slow = other("SANDI_SLOW_KEY", max_retries=3, on_retry=retries.append)
    for _ in range(3):
        assert slow.account.get()["livemode"] is False
    assert len(retries) >= 1, "at least one call was refused and retried"
    for r in retries:
        assert r["error"].code == "RATE_LIMITED" and r["delay"] == r["error"].retry_after


@scenario("DESTINATION_RATE_LIMITED is raised with its Retry-After, never retried behind your back", ["DESTINATION_RATE_LIMITED"])
def _():
    retries = []
    c = other("SANDI_API_KEY", on_retry=retries.append)
    e = raises_code("DESTINATION_RATE_LIMITED", lambda: [c.otp.request({"channel": "sms", "destination": phone(11), "external_id": "dest-{}-{}".format(suffix, i)}) for i in range(10)])
    assert e.retry_after > 0 and retries == []


@scenario("INTERNAL_ERROR (payment gateway down) on a creation without external_id is not retried", ["INTERNAL_ERROR"])
def _():
    retries = []
    raises_code("INTERNAL_ERROR", lambda: other("SANDI_LIVE_KEY", on_retry=retries.append).topups.create({"amount": 10000}))
    assert retries == []


@scenario("CHANNEL_UNAVAILABLE: not retried without external_id, retried with one", ["CHANNEL_UNAVAILABLE"])
def _():
    retries = []
    c = other("SANDI_API_KEY", max_retries=1, on_retry=retries.append)
    channel = env("SANDI_DISABLED_CHANNEL")
    raises_code("CHANNEL_UNAVAILABLE", lambda: c.otp.request({"channel": channel, "destination": phone(12)}))
    assert len(retries) == 0
    raises_code("CHANNEL_UNAVAILABLE", lambda: c.otp.request({"channel": channel, "destination": phone(12), "external_id": "off-" + suffix}))
    assert len(retries) == 1


@scenario("network errors: a read is retried, a verify is not; a server that never answers is TIMEOUT")
def _():
    retries = []
    nowhere = sandi.Client("sk_test_x", "http://127.0.0.1:9", max_retries=1, on_retry=retries.append)
    for call in (nowhere.account.get, lambda: nowhere.otp.verify({"otp_id": "OTP20200101ABCD000001", "otp": "1234"})):
        try:
            call()
            raise AssertionError("reached a closed port")
        except sandi.SandiConnectionError as e:
            assert e.code == "CONNECTION_ERROR" and e.status == 0
    assert len(retries) == 1
    silent = sandi.Client("sk_test_x", env("SANDI_SILENT_URL"), timeout=0.3, max_retries=1, on_retry=retries.append)
    try:
        silent.account.get()
        raise AssertionError("a silent server answered")
    except sandi.SandiConnectionError as e:
        assert e.code == "TIMEOUT", e.code
    assert len(retries) == 2


if failed:
    print("{} scenario(s) failed".format(failed))
    sys.exit(1)
