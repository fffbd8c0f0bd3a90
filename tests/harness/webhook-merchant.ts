// A merchant whose webhook URL points at a real local receiver, for webhook tests.
// The receiver is closed after the test.
import { afterEach } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { deliveredCode, newMerchant, requestOtp, verify } from "./v3-fixtures";
import { startReceiver } from "./webhook-receiver";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

export async function merchantWithWebhook(respond?: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(respond);
  closers.push(receiver.close);
  const m = await newMerchant();
  const { webhook_secret: secret } = (await updateMerchant(m.id, { webhookUrl: receiver.url })) as { webhook_secret: string };
  const db = await getDb();
  const { id: endpointId } = await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: m.id }, select: { id: true } });
  return { m, receiver, secret, endpointId };
}

/** Verifies a fresh OTP of the merchant, which records an otp.verified event (retried when it fails, unlike a test event); returns its event id. */
export async function verifiedOtpEvent(m: { id: number; key: string }, destination = "6281234567890"): Promise<{ eventId: string; otpId: string }> {
  const { body } = await requestOtp(m.key, { channel: "sms", destination });
  const otpId = (body.data as { otp_id: string }).otp_id;
  const verified = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
  if (!(verified.body.data as { verified?: boolean } | null)?.verified) throw new Error(`OTP not verified: ${JSON.stringify(body)} ${JSON.stringify(verified.body)}`);
  const db = await getDb();
  const event = await db.webhookEvent.findFirstOrThrow({ where: { merchantId: m.id, type: "otp.verified" }, orderBy: { id: "desc" } });
  return { eventId: event.eventId, otpId };
}
