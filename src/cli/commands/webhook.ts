import type { Args } from "../args";
import type { Command } from "../command";
import { findWorldOf } from "@/server/services/merchants/test-world";
import { listWebhookEvents, resendEventAsOperator, rotateWebhookSecret, sendTestEvent } from "@/server/services/webhooks/manage";

/** The world (live unless --mode test) whose endpoint a command acts on. */
async function merchantIdOf(a: Args): Promise<number> {
  return (await findWorldOf(a.positional(0, "merchant_id"), a.mode())).id;
}

export const webhookCommands: Command[] = [
  { name: "webhook test", usage: "webhook test <merchant_id> [--mode live|test]", flags: ["mode"], run: async (a) => sendTestEvent(await merchantIdOf(a)) },
  {
    name: "webhook resend",
    usage: "webhook resend <event_id>",
    flags: [],
    run: (a) => resendEventAsOperator(a.positional(0, "event_id")),
  },
  { name: "webhook rotate-secret", usage: "webhook rotate-secret <merchant_id> [--mode live|test]", flags: ["mode"], run: async (a) => rotateWebhookSecret(await merchantIdOf(a)) },
  {
    name: "webhook deliveries",
    usage: "webhook deliveries <merchant_id> [--mode live|test] [--limit N] [--cursor C]",
    flags: ["limit", "cursor", "mode"],
    run: async (a) => listWebhookEvents(await merchantIdOf(a), { limit: a.int("limit"), cursor: a.int("cursor") }),
  },
];
