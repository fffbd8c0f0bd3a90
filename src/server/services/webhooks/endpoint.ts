import type { OtpEventType } from "@/schemas/v3/events";
import { AppError } from "@/server/errors";
import type { Tx } from "@/server/db/client";
import { newWebhookSecret } from "./endpoint-secret";
import { assertWebhookUrlAllowed } from "./url-guard";

/** A webhook URL that passed the SSRF guard ("" removes the endpoint). */
export type CheckedWebhookUrl = string & { readonly __checkedWebhookUrl: true };

/**
 * Runs the SSRF guard, DNS lookup included. Call it before opening the transaction
 * that saves the URL: a slow resolver must not hold the merchant's row lock, which
 * every OTP creation of that merchant needs.
 */
export async function checkWebhookUrl(url: string): Promise<CheckedWebhookUrl> {
  const trimmed = url.trim();
  if (trimmed !== "") await assertWebhookUrlAllowed(trimmed);
  return trimmed as CheckedWebhookUrl;
}

/** Chooses the event types the endpoint receives; there must be an endpoint. */
export async function setWebhookEventTypes(tx: Tx, merchantId: number, types: OtpEventType[]): Promise<OtpEventType[]> {
  const updated = await tx.webhookEndpoint.updateMany({ where: { merchantId }, data: { eventTypes: types } });
  if (updated.count === 0) throw new AppError("VALIDATION_ERROR", "Atur URL webhook terlebih dahulu.", { field: "webhookEvents" });
  return types;
}

/** Sets (or replaces) the merchant's webhook URL, creating a secret the first time; an empty URL removes the endpoint. */
export async function setWebhookUrl(tx: Tx, merchantId: number, url: CheckedWebhookUrl): Promise<{ url: string; secret: string } | null> {
  if (url === "") {
    await tx.webhookEndpoint.deleteMany({ where: { merchantId } });
    return null;
  }
  const existing = await tx.webhookEndpoint.findUnique({ where: { merchantId } });
  if (existing) {
    const updated = await tx.webhookEndpoint.update({
      where: { merchantId },
      data: { url, enabled: true, disabledReason: null },
    });
    return { url: updated.url, secret: updated.secret };
  }
  const created = await tx.webhookEndpoint.create({ data: { merchantId, url, secret: newWebhookSecret() } });
  return { url: created.url, secret: created.secret };
}
