"""The Sandi client: one resource per area of /v3, each method one endpoint."""

import urllib.parse

from ._generated import ENDPOINTS
from ._transport import Transport


class _Resource:
    def __init__(self, transport):
        self._transport = transport

    def _call(self, operation_id, body=None, path_params=None, query=None):
        endpoint = ENDPOINTS[operation_id]
        path = endpoint["path"]
        for name, value in (path_params or {}).items():
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        query = {k: v for k, v in (query or {}).items() if k in endpoint["query"]}
        return self._transport.send(endpoint["method"], path, body, query)


class Otp(_Resource):
    def request(self, params):
        """POST /v3/request: Sandi makes the code and sends it."""
        return self._call("requestOtp", params)

    def send(self, params):
        """POST /v3/send: sends your code (``otp``)."""
        return self._call("sendOtp", params)

    def verify(self, params):
        """POST /v3/verify with {"otp_id", "otp"}; a wrong code is {"verified": False, "reason": "mismatch"}."""
        return self._call("verifyOtp", params)

    def get(self, otp_id):
        """GET /v3/otp/{otp_id}"""
        return self._call("getOtp", path_params={"otp_id": otp_id})


class Account(_Resource):
    def get(self):
        """GET /v3/account: the account and its saldo (test saldo with a test key)."""
        return self._call("getAccount")


class Topups(_Resource):
    def create(self, params):
        """POST /v3/topups with {"amount": 100000}: an invoice whose payment_url the payer opens."""
        return self._call("createTopup", params)


class Insights(_Resource):
    def summary(self, params):
        """GET /v3/insights/summary with {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "group_by": "channel"}:
        totals and one breakdown (channel, operator, day, hour or fallback_step) of the OTPs created on
        those WIB days; without group_by, groups is empty. A dict because ``from`` is a Python keyword."""
        return self._call("getInsightsSummary", query=params)


class Templates(_Resource):
    """Message templates per channel and locale; pick one with "template" on otp.request / otp.send."""

    def list(self):
        """GET /v3/templates: every template of the key's mode, by name."""
        return self._call("listTemplates")["templates"]

    def create(self, params):
        """POST /v3/templates with {"name", "fragments": [{"channel", "locale", "text"}]}."""
        return self._call("createTemplate", params)

    def get(self, name):
        """GET /v3/templates/{name}"""
        return self._call("getTemplate", path_params={"name": name})

    def update(self, name, fragments):
        """PUT /v3/templates/{name}: replaces every fragment."""
        return self._call("updateTemplate", {"fragments": fragments}, path_params={"name": name})

    def delete(self, name):
        """DELETE /v3/templates/{name}"""
        return self._call("deleteTemplate", path_params={"name": name})


class Lists(_Resource):
    """The safe list and block list ("safe" or "block") of the key's world: numbers and prefixes ending in *."""

    def get(self, list_name):
        """GET /v3/lists/{list}"""
        return self._call("getFraudList", path_params={"list": list_name})

    def add(self, list_name, value):
        """POST /v3/lists/{list} with {"value": "6281234567890"} or {"value": "62812345*"}."""
        return self._call("addFraudListEntry", {"value": value}, path_params={"list": list_name})

    def remove(self, list_name, value):
        """DELETE /v3/lists/{list}/{value}"""
        return self._call("removeFraudListEntry", path_params={"list": list_name, "value": value})


class TestMode(_Resource):
    """Test mode, sk_test_ keys only (a live key gets NOT_FOUND)."""

    def messages(self, otp_id=None, destination=None, limit=None):
        """GET /v3/test/messages: what the sandbox "sent", with the code."""
        return self._call("listTestMessages", query={"otp_id": otp_id, "destination": destination, "limit": limit})

    def inbound_whatsapp(self, params):
        """POST /v3/test/inbound-whatsapp: the end user's WhatsApp message for a whatsapp_inbound OTP."""
        return self._call("sendTestInboundWhatsapp", params)

    def receipt(self, params):
        """POST /v3/test/receipts: a delivery receipt (delivered or failed) for a test OTP."""
        return self._call("sendTestReceipt", params)


class Client:
    """``sandi.Client(api_key, base_url=...)``; options: timeout (seconds per attempt, 30),
    max_retries (2), max_retry_delay (seconds, 10), on_retry (callable taking a dict)."""

    def __init__(self, api_key, base_url, timeout=30.0, max_retries=2, max_retry_delay=10.0, on_retry=None):
        self._transport = Transport(api_key, base_url, timeout, max_retries, max_retry_delay, on_retry)
        self.otp = Otp(self._transport)
        self.account = Account(self._transport)
        self.topups = Topups(self._transport)
        self.insights = Insights(self._transport)
        self.templates = Templates(self._transport)
        self.lists = Lists(self._transport)
        self.test = TestMode(self._transport)

    def raw(self, method, path, body=None, query=None):
        """Any /v3 call the SDK has no method for yet: the same envelope handling, errors and retries."""
        return self._transport.send(method.upper(), path, body, query)


# Which SDK method serves each operationId (a test checks every endpoint has one).
OPERATION_METHODS = {
    "requestOtp": "otp.request",
    "sendOtp": "otp.send",
    "verifyOtp": "otp.verify",
    "getOtp": "otp.get",
    "getAccount": "account.get",
    "createTopup": "topups.create",
    "listTestMessages": "test.messages",
    "sendTestInboundWhatsapp": "test.inbound_whatsapp",
    "sendTestReceipt": "test.receipt",
    "getInsightsSummary": "insights.summary",
    "listTemplates": "templates.list",
    "createTemplate": "templates.create",
    "getTemplate": "templates.get",
    "updateTemplate": "templates.update",
    "deleteTemplate": "templates.delete",
    "getFraudList": "lists.get",
    "addFraudListEntry": "lists.add",
    "removeFraudListEntry": "lists.remove",
}
