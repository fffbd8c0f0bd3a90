// A generic HTTP SMS aggregator in the style of Indonesian aggregators: one JSON POST
// with an API key, the aggregator's message id back, and a delivery receipt POSTed to
// our callback, signed with HMAC. The contract (docs/vendors.md, "HTTP SMS aggregator"):
//   send     POST {api_base_url}/v1/messages, header x-api-key: <api_key>, JSON
//            {"to": "628…", "text": "…", "sender": "<sender>", "reference": "<otp_id>", "callback_url": "<BASE_URL>/api/hooks/http-sms/<route>"}
//            ("sender" only when configured)
//   answer   2xx {"status": "accepted", "message_id": "…"}: sent
//            4xx {"status": "rejected", "code": "…", "message": "…"}: failed (the recipient);
//            401, 403, 429, 5xx, a timeout: the route is unavailable (the next route is tried)
//   receipt  POST callback_url, JSON {"message_id": "…", "reference": "<otp_id>", "status": "delivered"|"failed"|"expired"|"rejected", "error_code": "…"}
//            header x-signature: sha256=<hex HMAC-SHA256 of the raw body with webhook_secret>
import { getEnv } from "@/env";
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "../channel";
import { smsText } from "../message-text";
import { vendorRequest } from "./vendor-http";

export const HTTP_SMS_PROVIDER = "http_sms";
export const HTTP_SMS_HOOK_PATH = "/api/hooks/http-sms";

export type HttpSmsConfig = { baseUrl: string; apiKey: string; sender: string | null; route: string };

/** Where the aggregator posts this route's receipts. */
export function httpSmsCallbackUrl(route: string): string {
  return `${getEnv().BASE_URL}${HTTP_SMS_HOOK_PATH}/${encodeURIComponent(route)}`;
}

export function httpSmsAdapter(config: HttpSmsConfig): ChannelAdapter {
  return {
    provider: HTTP_SMS_PROVIDER,
    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const body = {
        to: request.destination,
        text: smsText(request),
        ...(config.sender ? { sender: config.sender } : {}),
        reference: request.otpId,
        callback_url: httpSmsCallbackUrl(config.route),
      };
      const res = await vendorRequest(
        HTTP_SMS_PROVIDER,
        `${config.baseUrl}/v1/messages`,
        { method: "POST", headers: { "x-api-key": config.apiKey, "content-type": "application/json" }, body: JSON.stringify(body) },
        { circuit: config.route, deadline: request.deadline, requestId: request.requestId },
      );
      const id = res.json.message_id;
      if (res.status >= 200 && res.status < 300 && res.json.status === "accepted" && typeof id === "string" && id) {
        return { outcome: "sent", provider: HTTP_SMS_PROVIDER, providerMessageId: id };
      }
      return { outcome: "failed", provider: HTTP_SMS_PROVIDER, reason: `HTTP SMS ${res.status}: ${String(res.json.code ?? "")} ${String(res.json.message ?? "rejected")}`.trim() };
    },
  };
}
