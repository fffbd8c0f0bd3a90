import { z } from "zod";
import { CHANNEL_VALUES as CHANNELS } from "../v3/otp";

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

export const pageSchema = z.object({
  cursor: cursor.optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type PageInput = z.input<typeof pageSchema>;
export type Page = z.output<typeof pageSchema>;
