// Shapes of POST /v3/topups: createTopupBody parses bodies at the edge (Indonesian
// messages per rule) into the service's camelCase input; OpenAPI publishes both;
// responses are checked against topupInvoiceData.
import { z } from "zod";

export const TOPUP_AMOUNTS = [10000, 100000, 500000, 1000000, 2000000] as const;
/** How long an invoice can be paid. */
export const TOPUP_VALIDITY_HOURS = 3;
export type TopupAmount = (typeof TOPUP_AMOUNTS)[number];

const wib = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe("Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS");

const AMOUNT_LIST = TOPUP_AMOUNTS.join(", ");

function amountMessage(input: unknown): string {
  if (input === undefined || input === null || input === "") return `amount wajib diisi. Nilai yang didukung: ${AMOUNT_LIST}.`;
  if (typeof input !== "number" || !Number.isInteger(input)) return `amount harus berupa bilangan bulat. Nilai yang didukung: ${AMOUNT_LIST}.`;
  return `amount ${input} tidak didukung. Nilai yang didukung: ${AMOUNT_LIST}.`;
}

export const createTopupBody = z.object(
  {
    amount: z.literal(TOPUP_AMOUNTS, { error: (issue) => amountMessage(issue.input) }).describe(`Paket kredit dalam rupiah: ${TOPUP_AMOUNTS.slice(0, -1).join(", ")} atau ${TOPUP_AMOUNTS.at(-1)}`),
    payment_method_id: z
      .number({ error: "payment_method_id harus berupa bilangan bulat positif." })
      .int("payment_method_id harus berupa bilangan bulat positif.")
      .positive("payment_method_id harus berupa bilangan bulat positif.")
      .nullish()
      .describe("Bila tidak diisi, dipilih metode pembayaran aktif pertama yang menerima amount"),
  },
  { error: "Body permintaan harus berupa objek JSON." },
).transform((body): TopupRequest => ({ amount: body.amount, paymentMethodId: body.payment_method_id ?? null }));

/** The top-up service's input. */
export type TopupRequest = { amount: TopupAmount; paymentMethodId: number | null };

export const topupInvoiceData = z.object({
  topup_id: z.string().regex(/^TC\d{8}[A-Z0-9]+$/).describe("TC + tanggal WIB YYYYMMDD + huruf besar dan angka acak"),
  payment_url: z.string().describe("Halaman pembayaran bertanda tangan: {app_url}/topup/<topup_id>?hash=<payment_hash>; terbuka tanpa login"),
  payment_hash: z.string().describe("Tanda tangan dalam payment_url, yang mengikat tautan ke tagihan dan merchant"),
  amount: z.number().int().describe("Paket kredit yang dipilih, rupiah; nominal inilah yang ditambahkan ke saldo"),
  payment_total: z.number().int().describe("Yang dibayar pembayar, termasuk biaya admin"),
  payment_method_id: z.number().int(),
  payment_method: z.string().describe("Nama metode untuk dibaca, mis. QRIS atau BCA Virtual Account"),
  payment_type: z.enum(["qr", "va"]),
  payment_expired_at: wib.describe(`Batas waktu pembayaran, ${TOPUP_VALIDITY_HOURS} jam setelah dibuat (WIB)`),
  status: z.enum(["Pending", "Paid", "Expired", "Failed"]).describe("Pending untuk tagihan baru"),
});

export type TopupInvoiceData = z.infer<typeof topupInvoiceData>;
