import { z } from "zod";
import { BRAND_MAX } from "../v3/otp-limits";
import { LOCALE_VALUES, smsDomainField } from "../v3/locale";

/** Only the brand fields: a merchant cannot change limits, allowlist or prices from the dashboard. */
export const brandUpdateSchema = z.object({
  brandName: z.string().trim().min(1, "Nama brand wajib diisi.").max(BRAND_MAX, `Nama brand paling panjang ${BRAND_MAX} karakter.`),
  brandEmail: z.union([z.literal(""), z.string().trim().email("E-mail brand tidak valid.").max(254, "E-mail brand terlalu panjang.")]),
  defaultLocale: z.enum(LOCALE_VALUES).optional(),
  smsDomain: smsDomainField.optional(),
});
export type BrandUpdateInput = z.input<typeof brandUpdateSchema>;

/** The brand being typed (not yet saved) that the previews render; blank falls back to a placeholder. */
export const messagePreviewInput = z.object({
  brandName: z.string().trim().max(BRAND_MAX),
  brandEmail: z.string().trim().max(254),
});

export const messagePreviewOutput = z.object({
  whatsapp: z.object({ text: z.string(), via: z.enum(["sandbox", "whatsapp_cloud"]) }),
  sms: z.string(),
  email: z.object({ from: z.string(), subject: z.string(), text: z.string(), html: z.string() }),
  voice: z.string(),
});
export type MessagePreviews = z.infer<typeof messagePreviewOutput>;
