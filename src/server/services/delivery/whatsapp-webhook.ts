// The WhatsApp Cloud API webhook payload: inbound text messages go to the same
// matching as `otpctl sandbox inbound-whatsapp`; message statuses are receipts.
// Entries of other shapes (media, reactions, account updates) are ignored, so a
// valid signed post is never refused for its content.
import { z } from "zod";
import { whatsappConfig } from "@/server/channels/vendors/configured-vendors";
import { sendWhatsAppText } from "@/server/channels/vendors/whatsapp-cloud";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { applyDeliveryReceipt } from "./receipts";
import { log, messageOf } from "@/server/log";

export const CONFIRMATION_TEXT = "Terima kasih, nomor Anda sudah terverifikasi.";

const textMessage = z.object({ from: z.string().min(1).max(32), type: z.literal("text"), text: z.object({ body: z.string().min(1).max(4096) }) });
const status = z.object({
  id: z.string().min(1).max(256),
  status: z.string().max(32),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(500).optional() })).optional(),
});
const payloadSchema = z.object({
  entry: z.array(z.object({ changes: z.array(z.object({ value: z.object({ messages: z.array(z.unknown()).optional(), statuses: z.array(z.unknown()).optional() }).optional() }).catch({})).optional() }).catch({})).catch([]),
});

const RECEIPT_OUTCOME: Record<string, "success" | "failed"> = { delivered: "success", read: "success", failed: "failed" };

export type WhatsAppWebhookResult = {
  matched: string[];
  receipts: number;
  /** Confirmation replies still in flight; the route does not wait for them. */
  replies: Promise<void>;
};

export async function handleWhatsAppWebhook(payload: unknown): Promise<WhatsAppWebhookResult> {
  const matched: string[] = [];
  const replies: Promise<void>[] = [];
  let receipts = 0;
  const parsed = payloadSchema.safeParse(payload);
  const entries = parsed.success ? parsed.data.entry : [];
  for (const entry of entries) {
    for (const change of entry.changes ?? []) {
      for (const raw of change.value?.messages ?? []) {
        const message = textMessage.safeParse(raw);
        if (!message.success) continue;
        const match = await matchInboundWhatsapp({ from: message.data.from, text: message.data.text.body });
        if (!match.matched || !match.otp_id) continue;
        matched.push(match.otp_id);
        replies.push(confirm(message.data.from));
      }
      for (const raw of change.value?.statuses ?? []) {
        const receipt = status.safeParse(raw);
        const outcome = receipt.success ? RECEIPT_OUTCOME[receipt.data.status] : undefined;
        if (!receipt.success || !outcome) continue;
        const error = receipt.data.errors?.[0];
        const reason = outcome === "failed" ? `WhatsApp: ${error?.title ?? "failed"}${error?.code ? ` (${error.code})` : ""}` : undefined;
        await applyDeliveryReceipt({ provider: "whatsapp_cloud", providerMessageId: receipt.data.id, otpId: receipt.data.biz_opaque_callback_data, outcome, reason });
        receipts += 1;
      }
    }
  }
  return { matched, receipts, replies: Promise.all(replies).then(() => undefined) };
}

/** The user just wrote to us, so a free-form reply is inside WhatsApp's 24-hour window. Only with WhatsApp configured. */
async function confirm(to: string): Promise<void> {
  const config = whatsappConfig();
  if (!config) return;
  await sendWhatsAppText(config, to, CONFIRMATION_TEXT).catch((err: unknown) => {
    log.warn({ error: messageOf(err) }, "whatsapp confirmation not sent");
  });
}
