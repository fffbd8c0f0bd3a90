import type { Args } from "../args";
import type { Command } from "../command";
import { requireWorld } from "@/server/services/merchants/test-world";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { listWebhookEvents, resendEvent, rotateWebhookSecret, sendTestEvent } from "@/server/services/webhooks/manage";

/** The world (live unless --mode test) whose endpoint a command acts on. */
async function merchantIdOf(a: Args): Promise<number> {
  const world = await requireWorld(await getDb(), a.positional(0, "merchant_id"), a.mode());
  return world.id;
}

export const webhookCommands: Command[] = [
  { name: "webhook test", usage: "webhook test <merchant_id> [--mode live|test]", flags: ["mode"], run: async (a) => sendTestEvent(await merchantIdOf(a)) },
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
  { name: "webhook rotate-secret", usage: "webhook rotate-secret <merchant_id> [--mode live|test]", flags: ["mode"], run: async (a) => rotateWebhookSecret(await merchantIdOf(a)) },
  {
    name: "webhook deliveries",
    usage: "webhook deliveries <merchant_id> [--mode live|test] [--limit N] [--cursor C]",
    flags: ["limit", "cursor", "mode"],
    run: async (a) => listWebhookEvents(await merchantIdOf(a), { limit: a.int("limit"), cursor: a.int("cursor") }),
  },
];
