// What the SDKs' contract suites need from a live Sandi: merchants set up through the
// services for the errors a client cannot provoke on its own (no saldo, an IP
// allowlist, a rate limit of 1, an expired OTP, a channel switched off, a payment
// gateway that is down), and an inbox that receives Sandi's webhooks and lets the
// suites read them back. Handed to each suite as environment variables.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Channel } from "@/generated/prisma/enums";
import { getDb } from "@/server/db/client";
import { setChannelEnabled } from "@/server/services/channels/channel-settings";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { newMerchant, requestOtp } from "./v3-fixtures";
import { addListEntry } from "@/server/services/fraud/lists";
import { operatorOn } from "@/server/services/audit/record-audit";

export type Inbox = { url: string; readUrl: string; silentUrl: string; close: () => Promise<void> };

/**
 * Records every POST; `GET /inbox` answers them as JSON ({ headers, body }), oldest first.
 * Anything under `/silent` is never answered: a server that hangs, for the SDKs' timeouts.
 */
export async function startWebhookInbox(): Promise<Inbox> {
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url?.startsWith("/silent")) return;
      if (req.method === "POST") {
        received.push({ headers: req.headers, body });
        return void res.writeHead(200).end("ok");
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/hooks/sandi`,
    readUrl: `${base}/inbox`,
    silentUrl: `${base}/silent`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Delivers due webhooks every 100 ms, as the worker would, until stopped. */
export function deliverWebhooksInBackground(): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => deliverDueWebhooks()).catch(() => undefined);
  }, 100);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * One SDK suite's world: its own merchants, so two suites never share limits or OTPs,
 * and `disabledChannel` switched off by the operator. Call it inside the test: every
 * test starts from empty tables.
 */
export async function sdkSuiteEnv(baseUrl: string, inbox: Inbox, disabledChannel: Channel): Promise<Record<string, string>> {
  await setChannelEnabled(disabledChannel, false);
  const main = await newMerchant({ rateLimit: 100_000 });
  // Detection on, for the suites' signal_velocity scenario; the numbers every other scenario
  // sends to (6281…, 6282…, 6283… plus the suite's pid) are on the safe list, so a suite's
  // own unverified OTPs never trip a prefix block (the prior judges from the first request).
  await updateMerchant(main.id, { fraudGuard: "standard" });
  for (const prefix of ["6281*", "6282*", "6283*"]) await addListEntry(main.testId, { list: "safe", value: prefix }, operatorOn(main.id));
  const { webhook_secret: secret } = (await updateMerchant(main.id, { webhookUrl: inbox.url }, "test")) as { webhook_secret: string };
  const broke = await newMerchant({ saldo: 0 });
  const fenced = await newMerchant({ ipAllowlist: "203.0.113.7" });
  const slow = await newMerchant({ rateLimit: 1 });
  const created = await requestOtp(main.testKey, { channel: "sms", destination: "6281200000001" });
  const expiredOtpId = (created.body.data as { otp_id: string }).otp_id;
  const db = await getDb();
  await db.otpTransaction.update({ where: { otpId: expiredOtpId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  return {
    SANDI_BASE_URL: baseUrl,
    SANDI_API_KEY: main.testKey,
    SANDI_LIVE_KEY: main.key,
    SANDI_BROKE_KEY: broke.key,
    SANDI_FENCED_KEY: fenced.testKey,
    SANDI_SLOW_KEY: slow.testKey,
    SANDI_EXPIRED_OTP_ID: expiredOtpId,
    SANDI_DISABLED_CHANNEL: disabledChannel,
    SANDI_WEBHOOK_SECRET: secret,
    SANDI_WEBHOOK_INBOX: inbox.readUrl,
    SANDI_SILENT_URL: inbox.silentUrl,
  };
}
