// The overview's getting-started checklist: the steps from a new account to a
// working integration, each read from what the account has actually done.
import { getDb } from "@/server/db/client";

export type GettingStarted = {
  keyCreated: boolean;
  firstTopup: boolean;
  firstOtp: boolean;
  firstVerification: boolean;
  webhookSet: boolean;
};

export async function getGettingStarted(merchantId: number): Promise<GettingStarted> {
  const db = await getDb();
  const [key, topup, otp, verified, webhook] = await Promise.all([
    db.apiKey.findFirst({ where: { merchantId, revokedAt: null }, select: { id: true } }),
    db.topup.findFirst({ where: { merchantId, status: "Paid" }, select: { id: true } }),
    db.otpTransaction.findFirst({ where: { merchantId }, select: { id: true } }),
    db.otpTransaction.findFirst({ where: { merchantId, status: "verified" }, select: { id: true } }),
    db.webhookEndpoint.findFirst({ where: { merchantId, enabled: true }, select: { id: true } }),
  ]);
  return { keyCreated: Boolean(key), firstTopup: Boolean(topup), firstOtp: Boolean(otp), firstVerification: Boolean(verified), webhookSet: Boolean(webhook) };
}
