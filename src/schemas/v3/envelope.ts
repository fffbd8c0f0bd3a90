// The /v3 error envelope's shape. Which codes /v3 answers, and with what status, is the
// error table's (src/server/error-table.ts); here is what each code's error carries.
import { z } from "zod";
import type { V3ErrorCode } from "@/server/error-table";

/** The codes whose error carries `details`, each with its own shape (always present with that code). */
export const ERROR_DETAILS = {
  DUPLICATE_EXTERNAL_ID: z.object({ existing_otp_id: z.string().describe("Transaksi asli yang memegang external_id ini") }).strict(),
  GEO_NOT_ALLOWED: z.object({ country_code: z.string(), channel_class: z.enum(["sms", "voice", "misscall", "whatsapp"]) }).strict(),
  FRAUD_BLOCKED: z.object({ reason: z.enum(["prefix_spike", "signal_velocity"]), prefix: z.string() }).strict(),
} satisfies Partial<Record<V3ErrorCode, z.ZodType>>;
type DetailedCode = keyof typeof ERROR_DETAILS;
const hasDetails = (code: V3ErrorCode): code is DetailedCode => code in ERROR_DETAILS;

const CODE_DESCRIPTION = "Tetap dan untuk dibaca mesin; bercabanglah pada ini";
const message = z.string().describe("Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya");

/**
 * The error envelope of a response that answers these codes: `error` is a union
 * discriminated by `code`, where each code with details declares its own shape and
 * the other codes carry none. A typed client (openapi-typescript) then narrows by
 * the response's status or by `error.code` and reads the details without a cast;
 * one untagged union of every shape under one optional `details` would not let it.
 */
export function errorEnvelopeFor(codes: readonly V3ErrorCode[]) {
  const plain = codes.filter((code) => !hasDetails(code));
  const variants = [
    ...(plain.length > 0 ? [z.object({ code: z.enum(plain as [V3ErrorCode, ...V3ErrorCode[]]).describe(CODE_DESCRIPTION), message }).strict()] : []),
    ...codes.filter(hasDetails).map((code) => z.object({ code: z.literal(code).describe(CODE_DESCRIPTION), message, details: ERROR_DETAILS[code] }).strict()),
  ];
  const [first, ...rest] = variants;
  const error = rest.length === 0 ? first : z.discriminatedUnion("code", [first, ...rest]);
  return z.object({ success: z.literal(false), data: z.null(), error }).strict();
}
