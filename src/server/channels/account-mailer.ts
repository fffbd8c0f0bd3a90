// Sandi's own e-mails to dashboard users (verification and password-reset links)
// over the same SMTP server as the e-mail channel. Not an OTP: no brand, no
// template, no circuit breaker; the caller decides what happens when it fails.
import nodemailer from "nodemailer";
import { smtpFallbackFrom } from "./vendors/smtp-email";

export type AccountMail = { to: string; subject: string; text: string };

const transports = new Map<string, nodemailer.Transporter>();

export async function sendAccountMailOverSmtp(smtpUrl: string, timeoutMs: number, mail: AccountMail): Promise<void> {
  const key = `${timeoutMs} ${smtpUrl}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
    transports.set(key, transport);
  }
  await transport.sendMail({ from: smtpFallbackFrom(), to: mail.to, subject: mail.subject, text: mail.text });
}
