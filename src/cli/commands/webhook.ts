import type { Command } from "../command";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { listWebhookEvents, resendEvent, rotateWebhookSecret, sendTestEvent } from "@/server/services/webhooks/manage";

async function merchantIdOf(publicId: string): Promise<number> {
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { merchantId: publicId }, select: { id: true } });
  if (!merchant) throw new AppError("NOT_FOUND", `Merchant ${publicId} not found`);
  return merchant.id;
}

export const webhookCommands: Command[] = [
  { name: "webhook test", usage: "webhook test <merchant_id>", flags: [], run: async (a) => sendTestEvent(await merchantIdOf(a.positional(0, "merchant_id"))) },
  {
    name: "webhook resend",
    usage: "webhook resend <event_id>",
    flags: [],
    run: async (a) => {
      const db = await getDb();
      const eventId = a.positional(0, "event_id");
      const event = await db.webhookEvent.findUnique({ where: { eventId }, select: { merchantId: true } });
      if (!event) throw new AppError("NOT_FOUND", `Event ${eventId} not found`);
      return resendEvent(event.merchantId, eventId);
    },
  },
  { name: "webhook rotate-secret", usage: "webhook rotate-secret <merchant_id>", flags: [], run: async (a) => rotateWebhookSecret(await merchantIdOf(a.positional(0, "merchant_id"))) },
  {
    name: "webhook deliveries",
    usage: "webhook deliveries <merchant_id> [--limit N] [--cursor C]",
    flags: ["limit", "cursor"],
    run: async (a) => listWebhookEvents(await merchantIdOf(a.positional(0, "merchant_id")), { limit: a.int("limit"), cursor: a.int("cursor") }),
  },
];
