import { apiBaseUrlOutputSchema, apiKeyCreatedOutputSchema, apiKeyCreateSchema, apiKeyListOutputSchema, apiKeyRevokedOutputSchema, apiKeyRevokeSchema } from "@/schemas/dashboard/api-keys";
import { apiBaseUrl } from "@/server/services/api-keys/api-base";
import { createApiKey, listApiKeys, revokeApiKey } from "@/server/services/api-keys/api-keys";
import { merchantProcedure, router } from "../init";

export const apiKeysRouter = router({
  list: merchantProcedure.output(apiKeyListOutputSchema).query(({ ctx }) => listApiKeys(ctx.world.id)),
  /** The plaintext key is in this response only. */
  create: merchantProcedure.input(apiKeyCreateSchema).output(apiKeyCreatedOutputSchema).mutation(({ ctx, input }) => createApiKey(ctx.world, input.name)),
  /** {base_url} for the curl example beside the keys. */
  baseUrl: merchantProcedure.output(apiBaseUrlOutputSchema).query(() => apiBaseUrl()),
  revoke: merchantProcedure.input(apiKeyRevokeSchema).output(apiKeyRevokedOutputSchema).mutation(({ ctx, input }) => revokeApiKey(ctx.world.id, input.keyId)),
});
