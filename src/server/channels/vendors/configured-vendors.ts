// Which real adapter serves a channel: credentials present → that vendor;
// absent → the sandbox (docs/vendors.md). Read on every
// call so configuration changes (and tests) need no restart of this module.
import { getEnv } from "@/env";
import type { Channel } from "@/generated/prisma/enums";
import type { ChannelAdapter } from "../channel";
import { flashCallAdapter } from "./flash-call";
import { smtpEmailAdapter } from "./smtp-email";
import { twilioSmsAdapter, twilioVoiceAdapter, type TwilioConfig } from "./twilio";
import { whatsappCloudAdapter, type WhatsAppConfig } from "./whatsapp-cloud";

const trim = (url: string) => url.replace(/\/+$/, "");

export function whatsappConfig(): WhatsAppConfig | null {
  const env = getEnv();
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return null;
  return { token: env.WHATSAPP_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID, template: env.WHATSAPP_TEMPLATE, baseUrl: trim(env.WHATSAPP_API_BASE_URL) };
}

export function twilioConfig(): TwilioConfig | null {
  const env = getEnv();
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_NUMBER) return null;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM_NUMBER, baseUrl: trim(env.TWILIO_API_BASE_URL) };
}

const smtpAdapters = new Map<string, ChannelAdapter>();

export function configuredVendorAdapter(channel: Channel): ChannelAdapter | null {
  const env = getEnv();
  switch (channel) {
    case "whatsapp": {
      const config = whatsappConfig();
      return config ? whatsappCloudAdapter(config) : null;
    }
    case "sms": {
      const config = twilioConfig();
      return config ? twilioSmsAdapter(config) : null;
    }
    case "voice": {
      const config = twilioConfig();
      return config ? twilioVoiceAdapter(config) : null;
    }
    case "email": {
      if (!env.SMTP_URL) return null;
      // One transport per SMTP URL and timeout; the sender is read per message.
      const key = `${env.VENDOR_TIMEOUT_MS} ${env.SMTP_URL}`;
      let adapter = smtpAdapters.get(key);
      if (!adapter) smtpAdapters.set(key, (adapter = smtpEmailAdapter({ url: env.SMTP_URL, timeoutMs: env.VENDOR_TIMEOUT_MS })));
      return adapter;
    }
    case "misscall":
      return env.MISSCALL_API_URL && env.MISSCALL_API_KEY ? flashCallAdapter({ url: env.MISSCALL_API_URL, apiKey: env.MISSCALL_API_KEY }) : null;
    default:
      return null; // whatsapp_inbound sends nothing; the user messages us
  }
}
