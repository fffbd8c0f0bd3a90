import { z } from "zod";

/** `data` of GET /v3/account, as the spec's "Merchant account" table. */
export const accountData = z
  .object({
    merchant_id: z.string().describe("ID merchant publik"),
    name: z.string().describe("Nama pemilik akun / merchant"),
    brand_name: z.string().describe("Brand dalam pesan OTP; nilai bawaan `brand`"),
    brand_email: z.string().describe("E-mail brand pada akun"),
    email: z.string().describe("E-mail login/kontak"),
    saldo: z.number().int().describe("Sisa kredit (rupiah); dengan API key uji, saldo uji"),
    livemode: z.boolean().describe("true untuk API key live (sk_live_…), false untuk API key uji (sk_test_…)"),
  })
  .strict();

export type AccountData = z.infer<typeof accountData>;
