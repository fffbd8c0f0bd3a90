// WhatsApp Business Cloud API: an authentication template (code in the body and
// in the copy-code URL button), Indonesian, to POST /{phone-number-id}/messages.
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "../channel";
import { vendorRequest } from "./vendor-http";

export type WhatsAppConfig = { token: string; phoneNumberId: string; template: string; baseUrl: string };

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
      language: { code: "id" },
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
      });
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
  });
}
