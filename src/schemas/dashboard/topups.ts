import { z } from "zod";
import { TOPUP_AMOUNTS } from "@/schemas/v3/topups";
import { pageSchema } from "@/schemas/dashboard/transactions";

const amount = z.literal(TOPUP_AMOUNTS, "Pilih salah satu paket isi saldo.");

/** A package from the balance screen; the method is chosen as /v3/topups does unless given. */
export const createTopupInput = z.object({
  amount,
  paymentMethodId: z.number().int().positive().optional(),
});

/** The methods the merchant can pay a package with, each with its admin fee and total. */
export const paymentOptionsInput = z.object({ amount });
export const paymentOptionsOutput = z.array(
  z.object({
    payment_method_id: z.number().int(),
    name: z.string(),
    /** payment_methods.code, for its logo (paymentMethodLogo). */
    code: z.string(),
    type: z.enum(["qr", "va"]),
    admin_fee: z.number().int(),
    payment_total: z.number().int(),
  }),
);

/** The balance screen reads saldo, top-ups and ledger together; each list pages on its own cursor. */
export const balanceViewInput = z.object({ topups: pageSchema, ledger: pageSchema });
