// Standard Webhooks signatures: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">
// keyed with the base64-decoded part of the whsec_ secret.
import { createHmac } from "node:crypto";

export function signatureFor(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The webhook-signature header: one entry per valid secret (two while a rotated-out secret is still honoured). */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => signatureFor(s, id, timestamp, body)).join(" ");
}
