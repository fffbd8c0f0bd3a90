import type { Command } from "../command";
import { createApiKey, revokeApiKey } from "@/server/services/api-keys/api-keys";

export const keyCommands: Command[] = [
  {
    name: "key create",
    usage: "key create <merchant_id>",
    flags: ["name"],
    run: async (a) => {
      const { key_id, api_key } = await createApiKey(a.positional(0, "merchant_id"), a.string("name") ?? "");
      return { key_id, api_key };
    },
  },
  {
    name: "key revoke",
    usage: "key revoke <key_id>",
    flags: [],
    run: (a) => revokeApiKey(a.positional(0, "key_id")),
  },
];
