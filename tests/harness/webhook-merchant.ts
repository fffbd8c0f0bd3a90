// A merchant whose webhook URL points at a real local receiver, for webhook tests.
// The receiver is closed after the test.
import { afterEach } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { newMerchant } from "./v3-fixtures";
import { startReceiver } from "./webhook-receiver";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

export async function merchantWithWebhook(respond?: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(respond);
  closers.push(receiver.close);
  const m = await newMerchant();
  const { webhook_secret: secret } = (await updateMerchant(m.merchantId, { webhookUrl: receiver.url })) as { webhook_secret: string };
  const db = await getDb();
  const { id: endpointId } = await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: m.id }, select: { id: true } });
  return { m, receiver, secret, endpointId };
}
