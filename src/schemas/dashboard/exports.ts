import { z } from "zod";
import { DATE_ORDER_MESSAGE, datesInOrder, wibDate } from "./transactions";

/** At most a year per file, so one export stays one reasonable download. */
export const MAX_EXPORT_DAYS = 366;

const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** Inclusive WIB calendar days. */
export const exportRangeSchema = z
  .object({ from: wibDate, to: wibDate })
  .refine((r) => datesInOrder(r.from, r.to), { message: DATE_ORDER_MESSAGE, path: ["to"] })
  .refine((r) => !datesInOrder(r.from, r.to) || days(r.from, r.to) <= MAX_EXPORT_DAYS, { message: `Rentang ekspor paling panjang ${MAX_EXPORT_DAYS} hari.`, path: ["to"] });
export type ExportRange = z.input<typeof exportRangeSchema>;
export type ExportDays = z.output<typeof exportRangeSchema>;

export const csvFileSchema = z.object({ filename: z.string(), csv: z.string(), rows: z.number() });

export const receiptInput = z.object({ topupId: z.string().trim().min(1).max(64) });

export const receiptOutput = z.object({
  topup_id: z.string(),
  merchant_name: z.string(),
  merchant_id: z.string(),
  amount: z.number(),
  admin_fee: z.number(),
  payment_total: z.number(),
  payment_method: z.string(),
  payment_method_code: z.string(),
  paid_at: z.string(),
  payee: z.string(),
});
export type Receipt = z.output<typeof receiptOutput>;
