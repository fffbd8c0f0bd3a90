"""One request to /v3: the envelope unwrapped, errors raised as their class, retries only
where a second attempt cannot do something twice, a timeout on every attempt."""

import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime

from ._errors import SandiConnectionError, SandiError
from ._generated import ERROR_CLASSES

VERSION = "0.1.0"


class Transport:
    def __init__(self, api_key, base_url, timeout=30.0, max_retries=2, max_retry_delay=10.0, on_retry=None):
        if not api_key:
            raise ValueError("Sandi: api_key is required")
        if not base_url:
            raise ValueError("Sandi: base_url is required (where your Sandi serves /v3)")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.on_retry = on_retry

    def send(self, method, path, body=None, query=None):
        attempt = 0
        while True:
            try:
                return self._once(method, path, body, query or {})
            except SandiError as error:
                if attempt >= self.max_retries or not _retryable(error, method, body):
                    raise
                delay = error.retry_after if error.retry_after is not None else min(8.0, 0.5 * 2 ** attempt) * (0.75 + random.random() * 0.5)
                if delay > self.max_retry_delay:
                    raise
                attempt += 1
                if self.on_retry is not None:
                    self.on_retry({"attempt": attempt, "delay": delay, "error": error})
                time.sleep(delay)

    def _once(self, method, path, body, query):
        query = {k: v for k, v in query.items() if v is not None and v != ""}
        url = self.base_url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"Authorization": "Bearer " + self.api_key, "Accept": "application/json", "User-Agent": "sandi-python/" + VERSION}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                status, response_headers, text = response.status, response.headers, response.read().decode("utf-8")
        except urllib.error.HTTPError as answer:
            status, response_headers, text = answer.code, answer.headers, answer.read().decode("utf-8")
        except (urllib.error.URLError, socket.timeout, OSError) as failure:
            reason = getattr(failure, "reason", failure)
            timed_out = isinstance(reason, socket.timeout) or "timed out" in str(reason)
            message = "No answer within {} s".format(self.timeout) if timed_out else "Could not reach Sandi: {}".format(reason)
            raise SandiConnectionError(message, "TIMEOUT" if timed_out else "CONNECTION_ERROR") from failure
        request_id = response_headers.get("x-request-id")
        retry_after = _retry_after(response_headers.get("retry-after"))
        try:
            envelope = json.loads(text)
        except ValueError:
            envelope = None
        if not isinstance(envelope, dict) or "success" not in envelope:
            raise SandiError("HTTP {} without the JSON envelope".format(status), "INVALID_RESPONSE", status, request_id, retry_after)
        if envelope["success"] is True and 200 <= status < 300:
            return envelope["data"]
        error = envelope.get("error") or {}
        code = error.get("code") or "INVALID_RESPONSE"
        cls = ERROR_CLASSES.get(code, SandiError)
        raise cls(error.get("message") or "HTTP {}".format(status), code, status, request_id, retry_after, error.get("details"))


def _retryable(error, method, body):
    """RATE_LIMITED is answered before the request is looked at, so repeating it is always safe;
    other 429s, 5xx and lost connections only for a read or a creation carrying external_id
    (the API answers a replay with the original transaction)."""
    if error.code == "RATE_LIMITED":
        return True
    if error.code == "DESTINATION_RATE_LIMITED":
        return False
    transient = isinstance(error, SandiConnectionError) or error.status == 429 or error.status >= 500
    idempotent = method == "GET" or (isinstance(body, dict) and isinstance(body.get("external_id"), str))
    return transient and idempotent


def _retry_after(value):
    """Seconds, from either form HTTP allows (delta-seconds or a date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return int(value)
    try:
        return max(0, int(parsedate_to_datetime(value).timestamp() - time.time() + 0.999))
    except (TypeError, ValueError):
        return None
