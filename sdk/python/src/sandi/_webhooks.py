"""Standard Webhooks (https://www.standardwebhooks.com/): webhook-id, webhook-timestamp and
webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", space-separated while a
rotated-out secret still signs), keyed with the base64 after "whsec_"."""

import base64
import hashlib
import hmac
import json
import time

from ._errors import WebhookVerificationError

# How far a timestamp may be from now, either way, before the message counts as a replay.
TOLERANCE_SECONDS = 5 * 60


def sign(secret, msg_id, timestamp, body):
    """The signature a message should carry ("v1,..."), for tests and your own fixtures."""
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    payload = body if isinstance(body, bytes) else body.encode("utf-8")
    digest = hmac.new(key, "{}.{}.".format(msg_id, timestamp).encode("utf-8") + payload, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def verify(body, headers, secret, now=None, tolerance=TOLERANCE_SECONDS):
    """Checks a delivery against the raw body (bytes or str, as received) and returns the event as a dict.

    ``headers``: any mapping (Flask's ``request.headers``, Django's ``request.headers``, a dict).
    Raises WebhookVerificationError otherwise.
    """
    lowered = {str(k).lower(): v for k, v in dict(headers).items()}
    msg_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if isinstance(signatures, (list, tuple)):
        signatures = " ".join(signatures)
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header")
    if not str(timestamp).isdigit():
        raise WebhookVerificationError("Invalid webhook-timestamp")
    current = int(time.time()) if now is None else int(now)
    if abs(current - int(timestamp)) > tolerance:
        raise WebhookVerificationError("Webhook timestamp outside the tolerance (replayed or clock skew)")
    expected = sign(secret, msg_id, timestamp, body)[3:]
    matched = False
    for entry in signatures.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and value and hmac.compare_digest(value, expected):
            matched = True
    if not matched:
        raise WebhookVerificationError("No matching webhook signature")
    try:
        return json.loads(body if isinstance(body, str) else body.decode("utf-8"))
    except ValueError:
        raise WebhookVerificationError("Webhook body is not JSON")
