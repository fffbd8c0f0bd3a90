import { z } from "zod";
import { BRAND_MAX } from "../v3/otp-limits";
import { LOCALE_VALUES, smsDomainField } from "../v3/locale";
import { draftFragments, draftLocale } from "./templates";

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
  /** The template editor's language and draft texts; absent: the account's default language and the standard texts. */
  locale: draftLocale.optional(),
  fragments: draftFragments.optional(),
  /** The autofill domain being typed on Brand; absent: the saved one. */
  smsDomain: z.string().trim().max(253).optional(),
});

export const messagePreviewOutput = z.object({
  whatsapp: z.object({ text: z.string(), via: z.enum(["sandbox", "whatsapp_cloud"]) }),
  sms: z.string(),
  email: z.object({ from: z.string(), subject: z.string(), text: z.string(), html: z.string() }),
  voice: z.string(),
  /** What one SMS OTP costs the merchant, whatever its length. */
  smsPrice: z.number().int(),
});
export type MessagePreviews = z.infer<typeof messagePreviewOutput>;
