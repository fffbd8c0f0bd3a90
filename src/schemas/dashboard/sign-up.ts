import { z } from "zod";
import { BRAND_MAX } from "../v3/otp-limits";
import { newPasswordSchema } from "./account-security";

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Nama wajib diisi.").max(100, "Nama paling panjang 100 karakter."),
  email: z.string().trim().toLowerCase().email("Alamat e-mail tidak valid.").max(254, "Alamat e-mail terlalu panjang."),
  password: newPasswordSchema,
  brandName: z.string().trim().min(1, "Nama brand wajib diisi.").max(BRAND_MAX, `Nama brand paling panjang ${BRAND_MAX} karakter.`),
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** The new account's live key (shown once) and its test key. */
export const signUpOutputSchema = z.object({
  merchant_id: z.string(),
  key_id: z.string(),
  api_key: z.string(),
  prefix: z.string(),
  test_key_id: z.string(),
  test_api_key: z.string(),
});
