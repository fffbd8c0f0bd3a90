// What a merchant (dashboard) and an operator (otpctl) can do with webhooks.
// Every function is scoped to one merchant; another merchant's ids are NOT_FOUND.
import { getDb } from "@/server/db/client";
import { operatorOn, recordAudit, type ChangeBy } from "@/server/services/audit/record-audit";
import { AppError } from "@/server/errors";
import { formatWib } from "@/lib/wib-time";
import { DEFAULT_EVENT_TYPES, type OtpEventType } from "@/schemas/v3/events";
import { setWebhookEventTypes } from "./endpoint";
import { newWebhookSecret } from "./endpoint-secret";
import { eventBody } from "./event-body";
import { recordEvent, TEST_EVENT_TYPE } from "./events";
import { webhookHeaders } from "./send-webhook";

const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export type WebhookSettings = { url: string; secret: string; enabled: boolean; disabled_reason: string | null; event_types: string[] } | null;

export async function getWebhookSettings(merchantId: number): Promise<WebhookSettings> {
  const db = await getDb();
  const endpoint = await db.webhookEndpoint.findUnique({ where: { merchantId } });
  return endpoint
    ? { url: endpoint.url, secret: endpoint.secret, enabled: endpoint.enabled, disabled_reason: endpoint.disabledReason, event_types: endpoint.eventTypes }
    : null;
}

/** What the dashboard's settings card shows: never the secret, which only revealWebhookSecret returns. */
export async function webhookSettingsView(
  merchantId: number,
): Promise<{ url: string | null; enabled: boolean; disabled_reason: string | null; event_types: string[] }> {
  const settings = await getWebhookSettings(merchantId);
  return {
    url: settings?.url ?? null,
    enabled: settings?.enabled ?? false,
    disabled_reason: settings?.disabled_reason ?? null,
    event_types: settings?.event_types ?? DEFAULT_EVENT_TYPES,
  };
}

/** The dashboard's event-type choice for the merchant's endpoint (parsed by the router with eventTypeList). */
export async function chooseWebhookEventTypes(merchantId: number, types: OtpEventType[], by: ChangeBy = operatorOn(merchantId)): Promise<{ event_types: OtpEventType[] }> {
  const db = await getDb();
  return {
    event_types: await db.$transaction(async (tx) => {
      const before = await tx.webhookEndpoint.findUnique({ where: { merchantId }, select: { eventTypes: true } });
      const after = await setWebhookEventTypes(tx, merchantId, types);
      await recordAudit(tx, { ...by, action: "webhook.events", target: merchantId === by.merchantId ? "live" : "test", before: { events: before?.eventTypes ?? null }, after: { events: after } });
      return after;
    }),
  };
}

/** The current signing secret, for the merchant who asked to see it ("" before a URL is set). */
export async function revealWebhookSecret(merchantId: number): Promise<{ secret: string }> {
  return { secret: (await getWebhookSettings(merchantId))?.secret ?? "" };
}

/**
 * A new secret; the one it replaces keeps validating (deliveries are signed with
 * every valid secret) for 24 hours from this rotation, however many rotations follow.
 */
export async function rotateWebhookSecret(merchantId: number, now = new Date(), by: ChangeBy = operatorOn(merchantId)): Promise<{ secret: string; previous_secret_expires_at: string }> {
  const db = await getDb();
  const expires = new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS);
  // One statement under the row lock, so the secret retired is the one current at that moment: two
  // rotations at once leave both new secrets valid instead of losing the first one shown. Secrets
  // whose 24 hours are over are dropped on the way.
  // The rotation and its audit row commit together (the row says only that it rotated, never a secret).
  const rows = await db.$transaction(async (tx) => {
    const rotated = await tx.$queryRawUnsafe<{ secret: string }[]>(
    `WITH current AS (
       SELECT id, secret FROM webhook_endpoints WHERE merchant_id = $1 FOR UPDATE
     ), retired AS (
       INSERT INTO webhook_previous_secrets (endpoint_id, secret, expires_at) SELECT id, secret, $3 FROM current
     ), expired AS (
       DELETE FROM webhook_previous_secrets p USING current WHERE p.endpoint_id = current.id AND p.expires_at <= $4
     )
     UPDATE webhook_endpoints e SET secret = $2, updated_at = now() FROM current WHERE e.id = current.id
     RETURNING e.secret`,
    merchantId, newWebhookSecret(), expires, now,
    );
    if (rotated.length > 0) await recordAudit(tx, { ...by, action: "webhook.secret_rotate", target: merchantId === by.merchantId ? "live" : "test", after: { previous_valid_until: expires.toISOString() } });
    return rotated;
  });
  if (rows.length === 0) throw new AppError("VALIDATION_ERROR", "Atur URL webhook terlebih dahulu.");
  return { secret: rows[0].secret, previous_secret_expires_at: formatWib(expires) };
}

/** A webhook.test event, delivered like any other. */
export async function sendTestEvent(merchantId: number): Promise<{ event_id: string }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { merchantId } });
    if (!endpoint) throw new AppError("VALIDATION_ERROR", "Atur URL webhook terlebih dahulu.");
    if (!endpoint.enabled) await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true, disabledReason: null } });
    const eventId = await recordEvent(tx, merchantId, TEST_EVENT_TYPE, { message: "Ini event uji dari Sandi." });
    return { event_id: eventId! };
  });
}

/**
 * A new delivery of a past event to the current endpoint, with the same webhook-id so receivers can
 * deduplicate. Asking for it means the merchant believes the endpoint works again, so a disabled one is re-enabled.
 */
/** Operators (otpctl webhook resend): the event's own merchant, whoever it is. */
export async function resendEventAsOperator(eventId: string, now = new Date()): Promise<{ event_id: string; delivery_id: number }> {
  const db = await getDb();
  const event = await db.webhookEvent.findUnique({ where: { eventId }, select: { merchantId: true } });
  if (!event) throw new AppError("NOT_FOUND", `Event ${eventId} tidak ditemukan.`);
  return resendEvent(event.merchantId, eventId, now);
}

export async function resendEvent(merchantId: number, eventId: string, now = new Date()): Promise<{ event_id: string; delivery_id: number }> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const event = await tx.webhookEvent.findUnique({ where: { eventId } });
    if (!event || event.merchantId !== merchantId) throw new AppError("NOT_FOUND", "Event tidak ditemukan.");
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { merchantId } });
    if (!endpoint) throw new AppError("VALIDATION_ERROR", "Atur URL webhook terlebih dahulu.");
    if (!endpoint.enabled) await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true, disabledReason: null } });
    const delivery = await tx.webhookDelivery.create({ data: { eventId: event.id, endpointId: endpoint.id, url: endpoint.url, nextAttemptAt: now } });
    // Ids are bigint in the database; they stay far below 2^53, so a JSON number holds them.
    return { event_id: eventId, delivery_id: Number(delivery.id) };
  });
}

export type WebhookEventLog = {
  items: {
    event_id: string;
    type: string;
    /** A test event ("Kirim event uji"): sent once, not retried. */
    test: boolean;
    /** The OTP an otp.verified event is about. */
    otp_id: string | null;
    created_at: string;
    /** The body every delivery of this event sent, byte for byte. */
    request_body: string;
    deliveries: {
      id: number;
      /** A delivery the merchant asked for again ("Kirim ulang"), not the original one. */
      resend: boolean;
      url: string;
      status: string;
      next_attempt_at: string | null;
      attempts: {
        attempt_number: number;
        started_at: string;
        /** The headers sent; the signature itself is shown only by its form, as it depends on the secret of the moment. */
        request_headers: Record<string, string>;
        status_code: number | null;
        latency_ms: number | null;
        response_body: string | null;
        error: string | null;
      }[];
    }[];
  }[];
  nextCursor: number | null;
};

const SIGNATURE_SHOWN = "v1,<HMAC-SHA256 dengan signing secret Anda>";

function otpIdOf(payload: unknown): string | null {
  const data = (payload as { data?: { otp_id?: unknown } } | null)?.data;
  return typeof data?.otp_id === "string" ? data.otp_id : null;
}

export async function listWebhookEvents(merchantId: number, page: { cursor?: number | null; limit?: number; otpId?: string } = {}): Promise<WebhookEventLog> {
  const limit = Math.min(Math.max(page.limit ?? 20, 1), 100);
  const db = await getDb();
  const events = await db.webhookEvent.findMany({
    where: {
      merchantId,
      ...(page.cursor && Number.isSafeInteger(page.cursor) ? { id: { lt: BigInt(page.cursor) } } : {}),
      ...(page.otpId ? { payload: { path: ["data", "otp_id"], equals: page.otpId } } : {}),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
    include: { deliveries: { orderBy: { id: "desc" }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } } },
  });
  const pageItems = events.slice(0, limit);
  return {
    items: pageItems.map((e) => ({
      event_id: e.eventId,
      type: e.type,
      test: e.type === TEST_EVENT_TYPE,
      otp_id: otpIdOf(e.payload),
      created_at: formatWib(e.createdAt),
      request_body: eventBody(e.payload),
      deliveries: e.deliveries.map((d) => ({
        id: Number(d.id),
        // Deliveries are listed newest first; the oldest one is the original.
        resend: d !== e.deliveries[e.deliveries.length - 1],
        url: d.url,
        status: d.status,
        next_attempt_at: d.nextAttemptAt && d.status === "pending" ? formatWib(d.nextAttemptAt) : null,
        attempts: d.attempts.map((a) => ({
          attempt_number: a.attemptNumber,
          started_at: formatWib(a.startedAt),
          request_headers: webhookHeaders(e.eventId, Math.floor(a.startedAt.getTime() / 1000), SIGNATURE_SHOWN),
          status_code: a.statusCode,
          latency_ms: a.latencyMs,
          response_body: a.responseBody,
          error: a.error,
        })),
      })),
    })),
    nextCursor: events.length > limit ? Number(pageItems[pageItems.length - 1].id) : null,
  };
}
