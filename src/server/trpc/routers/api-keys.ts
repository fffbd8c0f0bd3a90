import { apiBaseUrlOutputSchema, apiKeyCreatedOutputSchema, apiKeyCreateSchema, apiKeyListOutputSchema, apiKeyRevokedOutputSchema, apiKeyRevokeSchema } from "@/schemas/dashboard/api-keys";
import { apiBaseUrl } from "@/server/services/api-keys/api-base";
import { createApiKey, listApiKeys, revokeApiKey } from "@/server/services/api-keys/api-keys";
import { memberProcedure, router } from "../init";

export const apiKeysRouter = router({
  list: memberProcedure("keys.read").output(apiKeyListOutputSchema).query(({ ctx }) => listApiKeys(ctx.world.id)),
  /** The plaintext key is in this response only. */
  create: memberProcedure("keys.manage").input(apiKeyCreateSchema).output(apiKeyCreatedOutputSchema).mutation(({ ctx, input }) => createApiKey(ctx.world, input.name, ctx.changeBy)),
  /** {base_url} for the curl example beside the keys. */
  baseUrl: memberProcedure("read").output(apiBaseUrlOutputSchema).query(() => apiBaseUrl()),
  revoke: memberProcedure("keys.manage").input(apiKeyRevokeSchema).output(apiKeyRevokedOutputSchema).mutation(({ ctx, input }) => revokeApiKey(ctx.world.id, input.keyId, ctx.changeBy)),
});
