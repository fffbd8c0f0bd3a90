import type { Command } from "../command";
import { apiKeyOwner, createApiKey, revokeApiKey } from "@/server/services/api-keys/api-keys";
import { findWorldOf } from "@/server/services/merchants/test-world";

export const keyCommands: Command[] = [
  {
    name: "key create",
    usage: "key create <merchant_id> [--mode live|test] [--name N]",
    flags: ["name", "mode"],
    run: async (a) => {
      const { key_id, api_key, mode } = await createApiKey(await findWorldOf(a.positional(0, "merchant_id"), a.mode()), a.string("name") ?? "");
      return { key_id, api_key, mode };
    },
  },
  {
    name: "key revoke",
    usage: "key revoke <key_id>",
    flags: [],
    run: async (a) => {
      const keyId = a.positional(0, "key_id");
      return revokeApiKey(await apiKeyOwner(keyId), keyId);
    },
  },
];
