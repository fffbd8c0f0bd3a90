import type { Command } from "../command";
import { resolveDatabase } from "@/server/db/database-url";
import { migrate } from "@/server/db/migrate";
import { seedDemo } from "@/server/services/merchants/seed";

export const databaseCommands: Command[] = [
  {
    name: "migrate",
    usage: "migrate",
    flags: [],
    run: async () => {
      const { url } = await resolveDatabase();
      return migrate(url);
    },
  },
  {
    name: "seed",
    usage: "seed   (a demo merchant with a known login and an API key, printed once)",
    flags: [],
    run: () => seedDemo(),
  },
];
