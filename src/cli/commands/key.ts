import type { Command } from "../command";
import { createApiKey, revokeApiKey } from "@/server/services/api-keys/api-keys";

export const keyCommands: Command[] = [
  {
    name: "key create",
    usage: "key create <merchant_id> [--mode live|test] [--name N]",
    flags: ["name", "mode"],
    run: async (a) => {
      const { key_id, api_key, mode } = await createApiKey(a.positional(0, "merchant_id"), a.string("name") ?? "", a.mode());
      return { key_id, api_key, mode };
    },
  },
  {
    name: "key revoke",
    usage: "key revoke <key_id>",
    flags: [],
    run: (a) => revokeApiKey(a.positional(0, "key_id")),
  },
];
