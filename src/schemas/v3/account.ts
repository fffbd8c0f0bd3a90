import { z } from "zod";

/** `data` of GET /v3/account, as the spec's "Merchant account" table. */
export const accountData = z
  .object({
    merchant_id: z.string().describe("Public merchant ID"),
    name: z.string().describe("Account owner / merchant name"),
    brand_name: z.string().describe("Brand used in OTP messages; the default for `brand`"),
    brand_email: z.string().describe("Brand email on the account"),
    email: z.string().describe("Login/contact email"),
    saldo: z.number().int().describe("Remaining credits (IDR); with a test key, the test saldo"),
    livemode: z.boolean().describe("true for a live key (sk_live_…), false for a test key (sk_test_…)"),
  })
  .strict();

export type AccountData = z.infer<typeof accountData>;
