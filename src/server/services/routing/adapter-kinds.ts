// The adapters a vendor route can use, the channels each serves and its `--config`
// keys (docs/routing.md lists the same): how a route's stored settings become a
// ChannelAdapter. A secret key is given either as "<key>_env" (the name of an
// environment variable holding it, read when the route is built) or as "<key>" (stored
// encrypted); every other key is stored as given.
import type { Channel } from "@/generated/prisma/enums";
import { getEnv } from "@/env";
import type { ChannelAdapter } from "@/server/channels/channel";
import { sandboxAdapter } from "@/server/channels/sandbox";
import { flashCallAdapter } from "@/server/channels/vendors/flash-call";
import { httpSmsAdapter } from "@/server/channels/vendors/http-sms";
import { smtpEmailAdapter } from "@/server/channels/vendors/smtp-email";
import { twilioSmsAdapter, twilioVoiceAdapter } from "@/server/channels/vendors/twilio";
import { whatsappCloudAdapter } from "@/server/channels/vendors/whatsapp-cloud";

export type ConfigKey = {
  key: string;
  /** Secrets are never printed back; they are given as "<key>_env" or stored encrypted. */
  secret: boolean;
  required: boolean;
  description: string;
  /** Used when the key is not given. */
  fallback?: string;
};

/** A route's settings with every secret resolved, by key. */
export type Settings = Record<string, string | undefined>;

export type AdapterKind = {
  name: string;
  channels: readonly Channel[];
  keys: readonly ConfigKey[];
  build(settings: Settings, route: { name: string; channel: Channel }): ChannelAdapter;
};

const trim = (url: string) => url.replace(/\/+$/, "");
const need = (settings: Settings, key: string) => settings[key] ?? "";

export const ADAPTER_KINDS: readonly AdapterKind[] = [
  {
    name: "twilio",
    channels: ["sms", "voice"],
    keys: [
      { key: "account_sid", secret: false, required: true, description: "the account SID, AC…" },
      { key: "auth_token", secret: true, required: true, description: "the account's auth token; also checks the signature of its status callbacks" },
      { key: "from_number", secret: false, required: true, description: "the sending number or sender ID, e.g. +6281100000000" },
      { key: "api_base_url", secret: false, required: false, description: "the API's address", fallback: "https://api.twilio.com" },
    ],
    build(s, route) {
      const config = { accountSid: need(s, "account_sid"), authToken: need(s, "auth_token"), from: need(s, "from_number"), baseUrl: trim(need(s, "api_base_url")), route: route.name };
      return route.channel === "voice" ? twilioVoiceAdapter(config) : twilioSmsAdapter(config);
    },
  },
  {
    name: "http_sms",
    channels: ["sms"],
    keys: [
      { key: "api_base_url", secret: false, required: true, description: "the aggregator's address; messages go to {api_base_url}/v1/messages" },
      { key: "api_key", secret: true, required: true, description: "sent as the x-api-key header" },
      { key: "webhook_secret", secret: true, required: true, description: "the HMAC-SHA256 key the aggregator signs its delivery receipts with" },
      { key: "sender", secret: false, required: false, description: "the sender ID (masking) to ask for; absent: the aggregator's default" },
    ],
    build: (s, route) => httpSmsAdapter({ baseUrl: trim(need(s, "api_base_url")), apiKey: need(s, "api_key"), sender: s.sender ?? null, route: route.name }),
  },
  {
    name: "whatsapp_cloud",
    channels: ["whatsapp"],
    keys: [
      { key: "phone_number_id", secret: false, required: true, description: "the WhatsApp Business number's id (a second WABA number is a second route)" },
      { key: "token", secret: true, required: true, description: "a system user's access token" },
      { key: "template", secret: false, required: false, description: "the approved authentication template; absent: WHATSAPP_TEMPLATE" },
      { key: "api_base_url", secret: false, required: false, description: "the Graph API's address", fallback: "https://graph.facebook.com/v21.0" },
      { key: "app_secret", secret: true, required: false, description: "the Meta app's secret, when its webhook posts are signed by another app than WHATSAPP_APP_SECRET's" },
    ],
    build: (s, route) =>
      whatsappCloudAdapter({ token: need(s, "token"), phoneNumberId: need(s, "phone_number_id"), template: s.template ?? getEnv().WHATSAPP_TEMPLATE, baseUrl: trim(need(s, "api_base_url")), route: route.name }),
  },
  {
    name: "flash_call",
    channels: ["misscall"],
    keys: [
      { key: "api_url", secret: false, required: true, description: "the flash-call vendor's send URL (contract: docs/vendors.md)" },
      { key: "api_key", secret: true, required: true, description: "sent as the x-api-key header" },
    ],
    build: (s, route) => flashCallAdapter({ url: need(s, "api_url"), apiKey: need(s, "api_key"), route: route.name }),
  },
  {
    name: "smtp",
    channels: ["email"],
    keys: [{ key: "smtp_url", secret: true, required: true, description: "smtp://user:password@host:587 or smtps://…:465" }],
    build: (s, route) => smtpEmailAdapter({ url: need(s, "smtp_url"), timeoutMs: getEnv().VENDOR_TIMEOUT_MS, route: route.name }),
  },
  {
    name: "sandbox",
    channels: ["whatsapp", "sms", "email", "misscall", "voice"],
    keys: [],
    build: () => sandboxAdapter,
  },
];

export function adapterKind(name: string): AdapterKind | undefined {
  return ADAPTER_KINDS.find((kind) => kind.name === name);
}
