import { z } from "zod";
import { CHANNEL_VALUES as CHANNELS, DELIVERY_STATUS_VALUES, otpDelivery } from "../v3/otp";
import { storedEnum } from "../stored-enum";

export const OTP_STATUSES = ["pending", "sent", "success", "failed", "verified"] as const;

/** The last id of the previous page; up to 18 digits, so it always fits a bigint id. */
const cursor = z.string().regex(/^\d{1,18}$/, "Kursor halaman tidak valid.");

export const wibDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Tanggal harus berformat YYYY-MM-DD.");

export const DATE_ORDER_MESSAGE = "Tanggal “dari” tidak boleh setelah tanggal “sampai”.";

/** YYYY-MM-DD strings compare like the dates they name. */
export function datesInOrder(from: string | undefined, to: string | undefined): boolean {
  return !from || !to || from <= to;
}

export const transactionFilterSchema = z
  .object({
    channel: z.enum(CHANNELS).optional(),
    status: z.enum(OTP_STATUSES).optional(),
    /** Inclusive WIB calendar days. */
    from: wibDate.optional(),
    to: wibDate.optional(),
    destination: z.string().trim().max(254).optional(),
    cursor: cursor.optional(),
    limit: z.number().int().min(1).max(100).default(25),
  })
  .refine((f) => datesInOrder(f.from, f.to), { message: DATE_ORDER_MESSAGE, path: ["to"] });
export type TransactionFilter = z.input<typeof transactionFilterSchema>;
/** The filter as the router parsed it, defaults filled in: what the service takes. */
export type TransactionQuery = z.output<typeof transactionFilterSchema>;

export const transactionDetailSchema = z.object({
  otpId: z.string().trim().min(1).max(64),
});

/**
 * One send of the OTP as the detail shows it: the API's delivery plus why it was free.
 * Its status is a text column a later release may write new values to: the detail shows
 * them as stored (the API's own answer keeps the spec's enum).
 */
export const transactionDeliveryOutput = otpDelivery.extend({
  status: storedEnum(DELIVERY_STATUS_VALUES),
  seq: z.number().int(),
  /** The channel's price at the time, charged or not. */
  list_price: z.number().int(),
  charged: z.boolean(),
  provider: z.string(),
  failure_reason: z.string().nullable(),
  started_at: z.string(),
});

/** A webhook event about the OTP and its delivery to the endpoint (null: no endpoint received it). */
export const transactionEventOutput = z.object({
  event_id: z.string(),
  type: z.string(),
  created_at: z.string(),
  delivery: z.object({ status: z.enum(["pending", "succeeded", "failed"]), attempts: z.number().int(), resends: z.number().int() }).nullable(),
});

/** One OTP as the transactions list shows it; the detail adds the rest. */
export const transactionRowOutput = z.object({
  otp_id: z.string(),
  channel: z.enum(CHANNELS),
  destination: z.string().nullable(),
  status: z.enum(OTP_STATUSES),
  price: z.number().int(),
  charged: z.boolean(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  expired: z.boolean(),
  locked: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
  verified_at: z.string().nullable(),
});

export const transactionDetailOutput = transactionRowOutput.extend({
  brand: z.string().nullable(),
  external_id: z.string().nullable(),
  otp_length: z.number().int().nullable(),
  provider: z.string(),
  failure_reason: z.string().nullable(),
  misscall_prefix: z.string().nullable(),
  verified_from: z.string().nullable(),
  updated_at: z.string(),
  fallback: z.array(z.enum(CHANNELS)),
  fallback_after: z.number().int().nullable(),
  deliveries: z.array(transactionDeliveryOutput),
  events: z.array(transactionEventOutput),
});

export type TransactionDelivery = z.infer<typeof transactionDeliveryOutput>;
export type TransactionEvent = z.infer<typeof transactionEventOutput>;

export const pageSchema = z.object({
  cursor: cursor.optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type PageInput = z.input<typeof pageSchema>;
export type Page = z.output<typeof pageSchema>;
