// Twilio Messaging (SMS) and Voice, form-encoded with HTTP basic auth; both ask
// Twilio to report delivery to our status callback.
import { getEnv } from "@/env";
import { localeOf } from "@/schemas/v3/locale";
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "../channel";
import { cleanBrand } from "@/lib/template-placeholders";
import { smsText, spokenCode, voiceFragment, type MessageRequest } from "../message-text";
import { STANDARD_TEXTS } from "../standard-texts";
import { vendorRequest } from "./vendor-http";

/** `route`: the vendor route's name, for its circuit breaker and the status callback (absent: the environment's route). */
export type TwilioConfig = { accountSid: string; authToken: string; from: string; baseUrl: string; route?: string };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Twilio's default voice ("man") has no Indonesian; a Google voice does. */
export const INDONESIAN_VOICE = STANDARD_TEXTS.id.voiceName;

/**
 * In the OTP's language, with a voice that speaks it: the merchant's voice fragment as one
 * sentence, or the brand, then the digits one by one, a pause, and the digits again.
 */
export function voiceTwiml(request: MessageRequest): string {
  const texts = STANDARD_TEXTS[localeOf(request.locale)];
  const say = (text: string) => `<Say language="${texts.voiceLanguage}" voice="${texts.voiceName}">${escapeXml(text)}</Say>`;
  const fragment = voiceFragment(request);
  if (fragment) return `<Response>${say(fragment)}</Response>`;
  const digits = spokenCode(request.code ?? "");
  return `<Response>${say(texts.voiceIntro(cleanBrand(request.brand)))}${say(digits)}<Pause length="1"/>${say(texts.voiceAgain)}${say(digits)}</Response>`;
}

export const TWILIO_STATUS_PATH = "/api/hooks/twilio/status";

/**
 * Twilio reports to this URL and signs it as given; the otp_id lets a receipt find its OTP
 * before the send is recorded, and a route's name tells the hook whose auth token signed it.
 */
export function statusCallback(otpId: string, route?: string): string {
  const routed = route ? `&route=${encodeURIComponent(route)}` : "";
  return `${getEnv().BASE_URL}${TWILIO_STATUS_PATH}?otp_id=${encodeURIComponent(otpId)}${routed}`;
}

async function post(config: TwilioConfig, resource: "Messages" | "Calls", form: Record<string, string>, request: DeliveryRequest): Promise<{ status: number; json: Record<string, unknown> }> {
  return vendorRequest(
    "twilio",
    `${config.baseUrl}/2010-04-01/Accounts/${config.accountSid}/${resource}.json`,
    {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
    },
    { circuit: config.route, deadline: request.deadline, requestId: request.requestId },
  );
}

function outcome(res: { status: number; json: Record<string, unknown> }): DeliveryResult {
  if (res.status >= 200 && res.status < 300 && typeof res.json.sid === "string") return { outcome: "sent", provider: "twilio", providerMessageId: res.json.sid };
  return { outcome: "failed", provider: "twilio", reason: `Twilio ${res.status}: ${String(res.json.code ?? "")} ${String(res.json.message ?? "rejected")}`.trim() };
}

export function twilioSmsAdapter(config: TwilioConfig): ChannelAdapter {
  return {
    provider: "twilio",
    async deliver(request) {
      const form = { To: `+${request.destination}`, From: config.from, Body: smsText(request), StatusCallback: statusCallback(request.otpId, config.route) };
      return outcome(await post(config, "Messages", form, request));
    },
  };
}

export function twilioVoiceAdapter(config: TwilioConfig): ChannelAdapter {
  return {
    provider: "twilio",
    async deliver(request) {
      const form = { To: `+${request.destination}`, From: config.from, Twiml: voiceTwiml(request), StatusCallback: statusCallback(request.otpId, config.route) };
      return outcome(await post(config, "Calls", form, request));
    },
  };
}
