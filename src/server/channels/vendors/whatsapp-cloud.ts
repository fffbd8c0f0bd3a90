// WhatsApp Business Cloud API: an authentication template (code in the body and
// in the copy-code URL button), in the OTP's language, to POST /{phone-number-id}/messages.
import { localeOf } from "@/schemas/v3/locale";
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "../channel";
import { vendorRequest } from "./vendor-http";

/** `route`: the vendor route's name, for its circuit breaker (absent: the environment's route). */
export type WhatsAppConfig = { token: string; phoneNumberId: string; template: string; baseUrl: string; route?: string };

/**
 * Meta error codes (error.code; Meta asks clients to branch on them, not on HTTP status)
 * that refuse our business account, number or template rather than this recipient, so
 * every other OTP would fail the same way: the channel is unavailable (503, no charge, the
 * circuit counts it), not one failed delivery. Recipient problems (131026 not on WhatsApp,
 * 131056 pair rate limit, 131049 …) stay failed deliveries.
 */
const ACCOUNT_ERROR_CODES = new Set([
  0, 1, 2, 3, 4, 10, 190, 368, // auth, temporary API errors, rate limits, policy block
  80007, 130429, 131031, 131042, 131045, 131048, 131057, 133010, // throughput, account locked or unpaid, number not registered, spam limit
  132000, 132001, 132005, 132007, 132012, 132015, 132016, // the authentication template: wrong parameters, missing, paused, disabled
]);

function accountRefusal(res: { status: number; json: Record<string, unknown> }): string | null {
  const code = (res.json.error as { code?: unknown } | undefined)?.code;
  const permission = typeof code === "number" && code >= 200 && code <= 299;
  return typeof code === "number" && (ACCOUNT_ERROR_CODES.has(code) || permission) ? `whatsapp_cloud refused the account: error ${code}` : null;
}

export function whatsappMessageBody(config: WhatsAppConfig, request: DeliveryRequest) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: request.destination,
    type: "template",
    // Echoed back in status webhooks, so a receipt finds its OTP even before the send is recorded.
    biz_opaque_callback_data: request.otpId,
    template: {
      name: config.template,
      // The approved authentication template must exist in this language (Meta words its text).
      language: { code: localeOf(request.locale) },
      components: [
        { type: "body", parameters: [{ type: "text", text: request.code }] },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: request.code }] },
      ],
    },
  };
}

export function whatsappCloudAdapter(config: WhatsAppConfig): ChannelAdapter {
  return {
    provider: "whatsapp_cloud",
    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const res = await vendorRequest("whatsapp_cloud", `${config.baseUrl}/${config.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
        body: JSON.stringify(whatsappMessageBody(config, request)),
      }, { accountRefusal, circuit: config.route, deadline: request.deadline, requestId: request.requestId });
      const id = (res.json.messages as { id?: string }[] | undefined)?.[0]?.id;
      if (res.status >= 200 && res.status < 300 && id) return { outcome: "sent", provider: "whatsapp_cloud", providerMessageId: id };
      const error = (res.json.error as { message?: string; code?: number } | undefined) ?? {};
      return { outcome: "failed", provider: "whatsapp_cloud", reason: `WhatsApp ${res.status}: ${error.code ?? ""} ${error.message ?? "rejected"}`.trim() };
    },
  };
}

/** Sends a free-form text (the optional confirmation after an inbound match). */
export async function sendWhatsAppText(config: WhatsAppConfig, to: string, text: string): Promise<void> {
  await vendorRequest("whatsapp_cloud", `${config.baseUrl}/${config.phoneNumberId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
    body: JSON.stringify({ messaging_product: "whatsapp", to, type: "text", text: { body: text } }),
  }, { circuit: config.route });
}
