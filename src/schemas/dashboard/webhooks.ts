import { z } from "zod";
import { eventTypeList, OTP_EVENT_TYPES } from "../v3/events";
import { storedEnum } from "../stored-enum";

export const webhookUrlSchema = z.object({
  /** Empty turns webhooks off. */
  url: z.string().trim().max(2000, "URL webhook paling panjang 2000 karakter."),
});

export const webhookEventsSchema = z.object({
  cursor: z.number().int().positive().nullable().optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** Only the events of this OTP (a transaction's "open in the log" link). */
  otpId: z.string().trim().min(1).max(64).optional(),
});

export const webhookResendSchema = z.object({
  eventId: z.string().trim().min(1).max(64),
});

/** The event types the merchant's endpoint receives: at least one, only known ones. */
export const webhookEventTypesSchema = z.object({ eventTypes: eventTypeList });

export const webhookEventTypesOutputSchema = z.object({ event_types: z.array(z.enum(OTP_EVENT_TYPES)) });

export const webhookUrlOutputSchema = z.object({ webhook_url: z.string().nullable() });

export const webhookSettingsOutputSchema = z.object({
  url: z.string().nullable(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  /** As saved: a later release may offer (and the merchant choose) types this release does not know. */
  event_types: z.array(storedEnum(OTP_EVENT_TYPES)),
});
export const webhookSecretOutputSchema = z.object({ secret: z.string() });
export const webhookRotationOutputSchema = z.object({ secret: z.string(), previous_secret_expires_at: z.string() });

export const webhookTestSentOutputSchema = z.object({ event_id: z.string() });
export const webhookResentOutputSchema = z.object({ event_id: z.string(), delivery_id: z.number().int() });

/** Events newest first, each with its deliveries and every attempt of each. */
export const webhookEventLogOutputSchema = z.object({
  items: z.array(
    z.object({
      event_id: z.string(),
      type: z.string(),
      test: z.boolean(),
      otp_id: z.string().nullable(),
      created_at: z.string(),
      request_body: z.string(),
      deliveries: z.array(
        z.object({
          id: z.number().int(),
          resend: z.boolean(),
          url: z.string(),
          status: z.string(),
          next_attempt_at: z.string().nullable(),
          attempts: z.array(
            z.object({
              attempt_number: z.number().int(),
              started_at: z.string(),
              request_headers: z.record(z.string(), z.string()),
              status_code: z.number().int().nullable(),
              latency_ms: z.number().nullable(),
              response_body: z.string().nullable(),
              error: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  nextCursor: z.number().int().nullable(),
});
