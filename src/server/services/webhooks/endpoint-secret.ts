import { randomBytes } from "node:crypto";

/** A Standard Webhooks secret: whsec_ followed by base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
