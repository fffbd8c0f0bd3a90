// Account e-mails go out over SMTP when SMTP_URL is set. Without SMTP (the
// no-configuration default), or when the SMTP server refuses, the e-mail is kept
// for the operator instead: one log line and the account_emails table, which
// `otpctl mail list` prints, so a merchant locked out can still be helped.
import { getEnv } from "@/env";
import { sendAccountMailOverSmtp, type AccountMail } from "@/server/channels/account-mailer";
import { getDb } from "@/server/db/client";
import { log, messageOf } from "@/server/log";

/** Kept e-mails hold live links for at most 30 minutes (reset) or a day (verification); a week covers any operator follow-up. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export async function sendAccountMail(mail: AccountMail): Promise<"smtp" | "operator"> {
  const env = getEnv();
  if (env.SMTP_URL) {
    try {
      await sendAccountMailOverSmtp(env.SMTP_URL, env.VENDOR_TIMEOUT_MS, mail);
      return "smtp";
    } catch (err) {
      log.warn({ to: mail.to, error: messageOf(err) }, "account e-mail not accepted by SMTP; kept for the operator");
    }
  }
  const db = await getDb();
  await db.accountEmail.create({ data: { toAddress: mail.to, subject: mail.subject, body: mail.text } });
  // A warning, with the other notices an operator watches: without SMTP this line is how the link reaches anyone.
  log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, "account e-mail kept for the operator (otpctl mail list)");
  return "operator";
}

/**
 * Sends without making the caller wait: the answer to "reset my password" must
 * not take longer for addresses that have an account.
 */
export function sendAccountMailLater(mail: AccountMail): void {
  sendAccountMail(mail).catch((err) =>
    log.error({ to: mail.to, subject: mail.subject, error: messageOf(err) }, "account e-mail lost"),
  );
}

/** What the operator reads: newest first, optionally for one address. */
export async function listAccountMails(filter: { to?: string; limit?: number } = {}) {
  const db = await getDb();
  const rows = await db.accountEmail.findMany({
    where: filter.to ? { toAddress: filter.to.trim().toLowerCase() } : {},
    orderBy: { id: "desc" },
    take: Math.min(Math.max(filter.limit ?? 20, 1), 200),
  });
  return rows.map((r) => ({ to: r.toAddress, subject: r.subject, body: r.body, created_at: r.createdAt.toISOString() }));
}

export async function purgeOldAccountMails(now: Date): Promise<number> {
  const db = await getDb();
  return (await db.accountEmail.deleteMany({ where: { createdAt: { lte: new Date(now.getTime() - KEEP_MS) } } })).count;
}
