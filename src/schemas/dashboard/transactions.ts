import { z } from "zod";
import { CHANNELS } from "@/server/services/merchants/prices";

export const OTP_STATUSES = ["pending", "sent", "success", "failed", "verified"] as const;

const wibDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Tanggal harus berformat YYYY-MM-DD.");

export const transactionFilterSchema = z.object({
  channel: z.enum(CHANNELS).optional(),
  status: z.enum(OTP_STATUSES).optional(),
  /** Inclusive WIB calendar days. */
  from: wibDate.optional(),
  to: wibDate.optional(),
  destination: z.string().trim().max(254).optional(),
  cursor: z.string().regex(/^\d+$/).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type TransactionFilter = z.input<typeof transactionFilterSchema>;

export const transactionDetailSchema = z.object({
  otpId: z.string().trim().min(1).max(64),
});

export const pageSchema = z.object({
  cursor: z.string().regex(/^\d+$/).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type PageInput = z.input<typeof pageSchema>;
