"""Sandi OTP API for Python 3.8+, standard library only."""

from . import _webhooks as webhooks
from ._client import OPERATION_METHODS, Client
from ._errors import SandiConnectionError, SandiError, WebhookVerificationError
from ._generated import *  # noqa: F401,F403 - one exception class per error code
from ._generated import ENDPOINTS, ERROR_CLASSES, ERROR_STATUS
from ._transport import VERSION

__version__ = VERSION


class Webhook:
    """``sandi.Webhook.verify(body, headers, secret)``, the same call as ``sandi.webhooks.verify``."""

    verify = staticmethod(webhooks.verify)
    sign = staticmethod(webhooks.sign)


__all__ = ["Client", "SandiError", "SandiConnectionError", "WebhookVerificationError", "Webhook", "webhooks", "ENDPOINTS", "ERROR_STATUS", "ERROR_CLASSES", "OPERATION_METHODS"] + [
    cls.__name__ for cls in ERROR_CLASSES.values()
]
