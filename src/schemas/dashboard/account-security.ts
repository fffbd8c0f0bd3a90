import { z } from "zod";

export const newPasswordSchema = z.string().min(8, "Kata sandi minimal 8 karakter.").max(200, "Kata sandi paling panjang 200 karakter.");
const emailSchema = z.string().trim().toLowerCase().email("Alamat e-mail tidak valid.").max(254, "Alamat e-mail terlalu panjang.");
/** A link's token: 43 base64url characters (32 random bytes); anything else cannot be one. */
const tokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "Tautan tidak valid atau sudah kedaluwarsa. Minta tautan baru.");

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

export const emailVerificationSchema = z.object({ token: tokenSchema });
export type EmailVerificationInput = z.input<typeof emailVerificationSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Isi kata sandi saat ini.").max(200, "Kata sandi paling panjang 200 karakter."),
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Every account action answers with one sentence for the merchant. */
export const accountNoticeSchema = z.object({ message: z.string() });
