import { z } from "zod";

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().max(50, "Nama kunci paling panjang 50 karakter.").default(""),
});

export const apiKeyRevokeSchema = z.object({
  keyId: z.string().trim().min(1).max(64),
});

/** Times are WIB strings like everywhere else in the dashboard; the key's hash never leaves the server. */
export const apiKeyListOutputSchema = z.array(
  z.object({ key_id: z.string(), prefix: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable(), revoked_at: z.string().nullable() }),
);
export const apiKeyCreatedOutputSchema = z.object({ key_id: z.string(), api_key: z.string(), prefix: z.string() });
/** Where the API answers, for the curl example. */
export const apiBaseUrlOutputSchema = z.object({ base_url: z.string() });
export const apiKeyRevokedOutputSchema = z.object({ key_id: z.string(), revoked: z.literal(true) });
