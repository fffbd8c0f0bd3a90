import { z } from "zod";
import type { ErrorCode } from "@/server/errors";

/**
 * The codes a /v3 response can carry: the spec's error table, plus what the HTTP
 * layer itself answers (NOT_FOUND for an unknown path, METHOD_NOT_ALLOWED,
 * PAYLOAD_TOO_LARGE). Error codes are a stable contract: add, never rename.
 */
export const V3_ERROR_CODES = [
  "VALIDATION_ERROR",
  "INVALID_CHANNEL",
  "INVALID_NUMBER",
  "UNAUTHORIZED",
  "INSUFFICIENT_BALANCE",
  "IP_NOT_ALLOWED",
  "GEO_NOT_ALLOWED",
  "FRAUD_BLOCKED",
  "OTP_NOT_FOUND",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "DUPLICATE_EXTERNAL_ID",
  "PAYLOAD_TOO_LARGE",
  "OTP_EXPIRED",
  "TOO_MANY_ATTEMPTS",
  "ALREADY_USED",
  "RATE_LIMITED",
  "DESTINATION_RATE_LIMITED",
  "INTERNAL_ERROR",
  "CHANNEL_UNAVAILABLE",
] as const satisfies readonly ErrorCode[];
export type V3ErrorCode = (typeof V3_ERROR_CODES)[number];

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    data: z.null(),
    error: z
      .object({
        code: z.enum(V3_ERROR_CODES).describe("Tetap dan untuk dibaca mesin; bercabanglah pada ini"),
        message: z.string().describe("Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya"),
        details: z
          .union([
            z.object({ existing_otp_id: z.string() }).strict().describe("DUPLICATE_EXTERNAL_ID"),
            z.object({ country_code: z.string(), channel_class: z.enum(["sms", "voice", "misscall", "whatsapp"]) }).strict().describe("GEO_NOT_ALLOWED"),
            z.object({ reason: z.enum(["prefix_spike", "signal_velocity"]), prefix: z.string() }).strict().describe("FRAUD_BLOCKED"),
          ])
          .optional()
          .describe("Hanya bersama DUPLICATE_EXTERNAL_ID, GEO_NOT_ALLOWED dan FRAUD_BLOCKED"),
      })
      .strict(),
  })
  .strict();
