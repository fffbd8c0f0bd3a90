// Safe list and block list entries, as /v3/lists/*, the dashboard and otpctl take them:
// a phone number (6281234567890, +6281234567890 or 081234567890) or a prefix ending in
// "*" (62812345*). Stored as international digits, the form destinations are matched in.
import { z } from "zod";

export const FRAUD_LISTS = ["safe", "block"] as const;
export type FraudListName = (typeof FRAUD_LISTS)[number];
export const fraudListName = z.enum(FRAUD_LISTS, { error: "Daftar harus safe atau block." });

/** Entries per list and world: enough for a merchant's own staff and test numbers, small enough to match in memory on every creation. */
export const FRAUD_LIST_MAX = 1000;

const VALUE_MESSAGE = "value harus nomor telepon (6281234567890) atau prefix diakhiri * (62812345*).";

/** A local 0… form is Indonesian, like destinations; a leading + is dropped. */
function international(digits: string): string {
  return digits.startsWith("0") ? `62${digits.slice(1)}` : digits;
}

export const fraudListValue = z
  .string({ error: VALUE_MESSAGE })
  .trim()
  .regex(/^\+?\d{2,15}\*?$/, VALUE_MESSAGE)
  .transform((v) => (v.startsWith("+") ? v.slice(1) : v))
  .transform((v) => (v.endsWith("*") ? `${international(v.slice(0, -1))}*` : international(v)))
  .refine((v) => (v.endsWith("*") ? v.length >= 3 : v.length >= 8), VALUE_MESSAGE);

export const fraudListEntryBody = z.object({ value: fraudListValue }, { error: "Body harus objek JSON dengan value." });
/** A change to one list: the dashboard's input, and what the /v3 endpoints make of the path and body. */
export const fraudListChange = z.object({ list: fraudListName, value: fraudListValue });
export type FraudListChange = z.output<typeof fraudListChange>;

export const fraudListEntryView = z.object({
  value: z.string(),
  created_at: z.string(),
  created_by: z.string(),
});
export type FraudListEntryView = z.infer<typeof fraudListEntryView>;

export const fraudListData = z.object({ list: fraudListName, entries: z.array(fraudListEntryView) });
export const fraudListRemoval = z.object({ value: z.string(), removed: z.literal(true) });
