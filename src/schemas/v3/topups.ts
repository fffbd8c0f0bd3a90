// Shapes of POST /v3/topups: the service parses bodies with createTopupBody (Indonesian
// messages per rule); OpenAPI publishes both; responses are checked against topupInvoiceData.
import { z } from "zod";

export const TOPUP_AMOUNTS = [10000, 100000, 500000, 1000000, 2000000] as const;
export type TopupAmount = (typeof TOPUP_AMOUNTS)[number];

const wib = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe("WIB (UTC+7) time, YYYY-MM-DD HH:MM:SS");

const AMOUNT_LIST = TOPUP_AMOUNTS.join(", ");

function amountMessage(input: unknown): string {
  if (input === undefined || input === null || input === "") return `amount wajib diisi. Nilai yang didukung: ${AMOUNT_LIST}.`;
  if (typeof input !== "number" || !Number.isInteger(input)) return `amount harus berupa bilangan bulat. Nilai yang didukung: ${AMOUNT_LIST}.`;
  return `amount ${input} tidak didukung. Nilai yang didukung: ${AMOUNT_LIST}.`;
}

export const createTopupBody = z.object(
  {
    amount: z.literal(TOPUP_AMOUNTS, { error: (issue) => amountMessage(issue.input) }).describe("Credit package in rupiah: 10000, 100000, 500000, 1000000 or 2000000"),
    payment_method_id: z
      .number({ error: "payment_method_id harus berupa bilangan bulat positif." })
      .int("payment_method_id harus berupa bilangan bulat positif.")
      .positive("payment_method_id harus berupa bilangan bulat positif.")
      .nullish()
      .describe("If omitted, the first active payment method supporting amount is chosen"),
  },
  { error: "Body permintaan harus berupa objek JSON." },
);

export const topupInvoiceData = z.object({
  topup_id: z.string().regex(/^TC\d{8}[A-Z0-9]+$/).describe("TC + WIB date YYYYMMDD + random uppercase letters and digits"),
  payment_url: z.string().describe("Signed hosted payment page: {app_url}/topup/<topup_id>?hash=<payment_hash>; opens without login"),
  payment_hash: z.string().describe("The signature in payment_url, binding the link to the invoice and merchant"),
  amount: z.number().int().describe("Selected credit package, rupiah; this is what is credited"),
  payment_total: z.number().int().describe("What the payer pays, admin fee included"),
  payment_method_id: z.number().int(),
  payment_method: z.string().describe("Human-readable method name, e.g. QRIS or BCA Virtual Account"),
  payment_type: z.enum(["qr", "va"]),
  payment_expired_at: wib.describe("Payment expiry, 3 hours after creation (WIB)"),
  status: z.enum(["Pending", "Paid", "Expired", "Failed"]).describe("Pending for a new invoice"),
});

export type CreateTopupBody = z.infer<typeof createTopupBody>;
export type TopupInvoiceData = z.infer<typeof topupInvoiceData>;
