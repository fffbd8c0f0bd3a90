// What a merchant's users will receive, rendered by the same functions that build
// the real messages (so the dashboard preview cannot drift from them), with a
// sample code and the default 5-minute TTL; in a language and with a template's
// fragments when the template editor asks.
import { getEnv } from "@/env";
import type { DeliveryRequest, MessageFragments } from "@/server/channels/channel";
import { emailContent, minutesOf, plainMessageText, smsText, voiceScript } from "@/server/channels/message-text";
import { isSandboxChannel } from "@/server/channels/registry";
import { STANDARD_TEXTS } from "@/server/channels/standard-texts";
import { getDb } from "@/server/db/client";
import { localeOf, SMS_DOMAIN_PATTERN, type Locale } from "@/schemas/v3/locale";
import type { TemplateChannel } from "@/schemas/v3/templates";
import { cleanMessageText } from "@/lib/template-placeholders";
import { priceFor } from "./prices";
import type { MessagePreviews } from "@/schemas/dashboard/brand";

const SAMPLE_CODE = "482913";
const SAMPLE_TTL_SECONDS = 300;
const PLACEHOLDER_BRAND = "Brand Anda";

type PreviewInput = { brandName: string; brandEmail: string; locale?: Locale; fragments?: { channel: TemplateChannel; text: string }[]; smsDomain?: string };

/** The domain being typed wins over the saved one; blank or not a host name: no origin-bound line. */
function previewDomain(draft: string | undefined, saved: string | null): string | null {
  if (draft === undefined) return saved;
  const domain = draft.toLowerCase();
  return SMS_DOMAIN_PATTERN.test(domain) ? domain : null;
}

/** Draft texts as the renderer takes them: blank ones keep the standard text. */
function draftTexts(fragments: PreviewInput["fragments"]): MessageFragments | null {
  const texts: MessageFragments = {};
  for (const f of fragments ?? []) if (f.text.trim()) texts[f.channel] = cleanMessageText(f.text).trim();
  return Object.keys(texts).length > 0 ? texts : null;
}

export async function previewMessages(merchantId: number, input: PreviewInput, now = new Date()): Promise<MessagePreviews> {
  const db = await getDb();
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { smsAppHash: true, smsDomain: true, defaultLocale: true, prices: true, live: { select: { smsAppHash: true, smsDomain: true, defaultLocale: true, prices: true } } } });
  // A test world writes its messages with its live account's settings.
  const account = merchant.live ?? merchant;
  const brand = input.brandName || PLACEHOLDER_BRAND;
  const locale = input.locale ?? localeOf(account.defaultLocale);
  const sample: DeliveryRequest = {
    otpId: "preview",
    merchantId,
    channel: "sms",
    destination: null,
    code: SAMPLE_CODE,
    brand,
    brandEmail: input.brandEmail,
    smsAppHash: account.smsAppHash,
    expiresAt: new Date(now.getTime() + SAMPLE_TTL_SECONDS * 1000),
    ttlSeconds: SAMPLE_TTL_SECONDS,
    locale,
    fragments: draftTexts(input.fragments),
    smsDomain: previewDomain(input.smsDomain, account.smsDomain),
  };
  const email = emailContent(sample);
  const sender = input.brandEmail || getEnv().SMTP_FROM || "";
  // WhatsApp authentication templates are worded by Meta, not by us: the code, a security
  // notice and the expiry; the brand shows as the sender's display name.
  const whatsapp = (await isSandboxChannel("whatsapp"))
    ? { text: plainMessageText(sample), via: "sandbox" as const }
    : { text: STANDARD_TEXTS[locale].whatsappAuthentication(SAMPLE_CODE, minutesOf(SAMPLE_TTL_SECONDS)), via: "whatsapp_cloud" as const };
  return {
    whatsapp,
    sms: smsText(sample),
    email: { from: sender ? `${brand} <${sender}>` : brand, subject: email.subject, text: email.text, html: email.html },
    voice: voiceScript({ ...sample, code: SAMPLE_CODE.slice(0, 4) }),
    smsPrice: priceFor(account.prices, "sms"),
  };
}
