import { z } from "zod";
import { CHANNEL_VALUES as CHANNELS } from "./v3/otp";
import { fraudGuardLevel, geoPermissionsUpdate } from "./fraud";
import { eventTypeList } from "./v3/events";

export const channelSchema = z.enum(CHANNELS);

export const merchantCreateSchema = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  email: z.string().trim().toLowerCase().email("email must be a valid e-mail address").max(254),
  password: z.string().min(8, "password must be at least 8 characters").max(200).optional(),
  brandName: z.string().trim().max(50).optional(),
  brandEmail: z.union([z.literal(""), z.string().trim().email("brand email must be a valid e-mail address").max(254)]).optional(),
  saldo: z.number().int().min(0).optional(),
  rateLimit: z.number().int().min(1).max(100000).optional(),
  ipAllowlist: z.string().max(4000).optional(),
});
export type MerchantCreateInput = z.input<typeof merchantCreateSchema>;

export const merchantUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  brandName: z.string().trim().max(50).optional(),
  brandEmail: z.union([z.literal(""), z.string().trim().email("brand email must be a valid e-mail address").max(254)]).optional(),
  rateLimit: z.number().int().min(1).max(100000).nullable().optional(),
  ipAllowlist: z.string().max(4000).optional(),
  prices: z.partialRecord(channelSchema, z.number().int().min(0).max(1_000_000)).optional(),
  webhookUrl: z.string().trim().max(2000).optional(),
  webhookEvents: eventTypeList.optional(),
  smsAppHash: z.string().trim().max(20).nullable().optional(),
  geoPermissions: geoPermissionsUpdate.optional(),
  fraudGuard: fraudGuardLevel.optional(),
});
export type MerchantUpdateInput = z.input<typeof merchantUpdateSchema>;
