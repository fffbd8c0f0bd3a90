import { z } from "zod";
import { CHANNEL_VALUES as CHANNELS } from "./v3/otp";
import { fraudGuardLevel, geoPermissionsUpdate } from "./fraud";
import { BRAND_MAX } from "./v3/otp-limits";
import { newPasswordSchema } from "./dashboard/account-security";
import { eventTypeList } from "./v3/events";
import { LOCALE_VALUES, smsDomainField } from "./v3/locale";

export const channelSchema = z.enum(CHANNELS);

export const merchantCreateSchema = z.object({
  name: z.string().trim().min(1, "Nama wajib diisi.").max(100),
  email: z.string().trim().toLowerCase().email("Alamat e-mail tidak valid.").max(254),
  password: newPasswordSchema.optional(),
  brandName: z.string().trim().max(BRAND_MAX).optional(),
  brandEmail: z.union([z.literal(""), z.string().trim().email("E-mail brand tidak valid.").max(254)]).optional(),
  saldo: z.number().int().min(0).optional(),
  rateLimit: z.number().int().min(1).max(100000).optional(),
  ipAllowlist: z.string().max(4000).optional(),
});
export type MerchantCreateInput = z.input<typeof merchantCreateSchema>;
/** A new merchant as its caller parsed it: what createMerchant takes. */
export type MerchantCreate = z.output<typeof merchantCreateSchema>;

export const merchantUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  brandName: z.string().trim().max(BRAND_MAX).optional(),
  brandEmail: z.union([z.literal(""), z.string().trim().email("E-mail brand tidak valid.").max(254)]).optional(),
  rateLimit: z.number().int().min(1).max(100000).nullable().optional(),
  ipAllowlist: z.string().max(4000).optional(),
  prices: z.partialRecord(channelSchema, z.number().int().min(0).max(1_000_000)).optional(),
  webhookUrl: z.string().trim().max(2000).optional(),
  webhookEvents: eventTypeList.optional(),
  smsAppHash: z.string().trim().max(20).nullable().optional(),
  defaultLocale: z.enum(LOCALE_VALUES).optional(),
  smsDomain: smsDomainField.nullable().optional(),
  geoPermissions: geoPermissionsUpdate.optional(),
  fraudGuard: fraudGuardLevel.optional(),
});
export type MerchantUpdateInput = z.input<typeof merchantUpdateSchema>;
/** Settings as their caller parsed them: what updateMerchant takes. */
export type MerchantUpdate = z.output<typeof merchantUpdateSchema>;
