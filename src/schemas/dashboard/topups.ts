import { z } from "zod";
import { TOPUP_AMOUNTS } from "@/schemas/v3/topups";

/** A package from the balance screen; the method is chosen as /v3/topups does unless given. */
export const createTopupInput = z.object({
  amount: z.literal(TOPUP_AMOUNTS, "Pilih salah satu paket isi saldo."),
  paymentMethodId: z.number().int().positive().optional(),
});
