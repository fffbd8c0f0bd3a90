import { z } from "zod";
import { newPasswordSchema } from "./account-security";

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Nama wajib diisi.").max(100, "Nama paling panjang 100 karakter."),
  email: z.string().trim().toLowerCase().email("Alamat e-mail tidak valid.").max(254, "Alamat e-mail terlalu panjang."),
  password: newPasswordSchema,
  brandName: z.string().trim().min(1, "Nama brand wajib diisi.").max(50, "Nama brand paling panjang 50 karakter."),
});
export type SignUpInput = z.input<typeof signUpSchema>;
