import { getEnv } from "@/env";
import type { Command } from "../command";
import { resolveDatabase } from "@/server/db/database-url";
import { migrate } from "@/server/db/migrate";
import { seedDemo } from "@/server/services/merchants/seed";

export const databaseCommands: Command[] = [
  {
    name: "migrate",
    usage: "migrate   (MIGRATION_DATABASE_URL, a direct connection, else DATABASE_URL)",
    flags: [],
    run: async () => migrate(getEnv().MIGRATION_DATABASE_URL ?? (await resolveDatabase()).url),
  },
  {
    name: "seed",
    usage: "seed   (a demo merchant with a known login and an API key, printed once)",
    flags: [],
    run: () => seedDemo(),
  },
];
