// Flash call (misscall) through a generic HTTP vendor in the style of Indonesian
// miss-call providers: POST {MISSCALL_API_URL} with the API key and the number;
// the vendor rings the user and answers with the calling number, whose trailing
// digits are the code. Contract (documented in docs/vendors.md):
//   request  POST, headers x-api-key, JSON {"msisdn": "628…", "reference": "<otp_id>"}
//   answer   200 {"status": "ok", "id": "<call id>", "caller": "62215089…"}  or 4xx {"status": "error", "message": "…"}
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "../channel";
import { vendorRequest } from "./vendor-http";

/** `route`: the vendor route's name, for its circuit breaker (absent: the environment's route). */
export type FlashCallConfig = { url: string; apiKey: string; route?: string };

export function flashCallAdapter(config: FlashCallConfig): ChannelAdapter {
  return {
    provider: "flash_call",
    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const res = await vendorRequest("flash_call", config.url, {
        method: "POST",
        headers: { "x-api-key": config.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ msisdn: request.destination, reference: request.otpId }),
      }, { circuit: config.route, deadline: request.deadline, requestId: request.requestId });
      const caller = typeof res.json.caller === "string" ? res.json.caller.replace(/\D/g, "") : "";
      if (res.status >= 200 && res.status < 300 && res.json.status === "ok" && caller.length >= 8) {
        return { outcome: "sent", provider: "flash_call", providerMessageId: String(res.json.id ?? ""), caller };
      }
      return { outcome: "failed", provider: "flash_call", reason: `Flash call ${res.status}: ${String(res.json.message ?? "rejected")}` };
    },
  };
}
