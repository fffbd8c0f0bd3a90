// What a merchant's users will receive, rendered by the same functions that build
// the real messages (so the dashboard preview cannot drift from them), with a
// sample code and the default 5-minute TTL.
import { getEnv } from "@/env";
import type { DeliveryRequest } from "@/server/channels/channel";
import { emailContent, otpMessageText, smsText, voiceScript } from "@/server/channels/message-text";
import { isSandboxChannel } from "@/server/channels/registry";
import { getDb } from "@/server/db/client";
import type { MessagePreviews } from "@/schemas/dashboard/brand";

const SAMPLE_CODE = "482913";
const SAMPLE_TTL_SECONDS = 300;
const PLACEHOLDER_BRAND = "Brand Anda";

/**
 * WhatsApp authentication templates are worded by Meta, not by us: the code, a
 * security notice and the expiry; the brand shows as the sender's display name.
 */
function whatsappTemplateText(code: string): string {
  return `*${code}* adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.\nKode ini kedaluwarsa dalam ${SAMPLE_TTL_SECONDS / 60} menit.`;
}

export async function previewMessages(merchantId: number, input: { brandName: string; brandEmail: string }, now = new Date()): Promise<MessagePreviews> {
  const db = await getDb();
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { smsAppHash: true } });
  const brand = input.brandName || PLACEHOLDER_BRAND;
  const sample: DeliveryRequest = {
    otpId: "preview",
    merchantId,
    channel: "sms",
    destination: null,
    code: SAMPLE_CODE,
    brand,
    brandEmail: input.brandEmail,
    smsAppHash: merchant.smsAppHash,
    expiresAt: new Date(now.getTime() + SAMPLE_TTL_SECONDS * 1000),
    ttlSeconds: SAMPLE_TTL_SECONDS,
  };
  const sandboxWhatsapp = isSandboxChannel("whatsapp");
  const email = emailContent(sample);
  const sender = input.brandEmail || getEnv().SMTP_FROM || "";
  return {
    whatsapp: sandboxWhatsapp ? { text: otpMessageText(brand, SAMPLE_CODE, SAMPLE_TTL_SECONDS), via: "sandbox" } : { text: whatsappTemplateText(SAMPLE_CODE), via: "whatsapp_cloud" },
    sms: smsText(sample),
    email: { from: sender ? `${brand} <${sender}>` : brand, subject: email.subject, text: email.text, html: email.html },
    voice: voiceScript(brand, SAMPLE_CODE.slice(0, 4)),
  };
}
