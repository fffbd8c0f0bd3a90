import { getEnv } from "@/env";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "./embedded-postgres";

let embedded: Promise<EmbeddedServer> | undefined;

/**
 * DATABASE_URL when configured; otherwise the embedded server of DATA_DIR,
 * attached to when it runs and started when it does not.
 */
export async function resolveDatabase(): Promise<EmbeddedServer> {
  const env = getEnv();
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };
  embedded ??= ensureEmbeddedPostgres(env.DATA_DIR);
  return embedded;
}
