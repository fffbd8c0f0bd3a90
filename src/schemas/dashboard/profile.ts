import { z } from "zod";

/** What the dashboard shows of an account; zod strips anything else (e.g. a webhook secret) on the way out. */
/** The operator's contact (SUPPORT_EMAIL, SUPPORT_WHATSAPP); null where not configured. */
export const supportContactOutputSchema = z.object({ email: z.string().nullable(), whatsapp: z.string().nullable() });

export const profileOutputSchema = z.object({
  merchant_id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  brand_name: z.string(),
  brand_email: z.string(),
  default_locale: z.string(),
  sms_domain: z.string().nullable(),
  saldo: z.number(),
  rate_limit: z.number(),
  ip_allowlist: z.string(),
  prices: z.record(z.string(), z.number()),
  webhook_url: z.string().nullable(),
});
