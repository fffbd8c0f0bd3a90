import { getEnv } from "@/env";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/dev/embedded-postgres";

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

/**
 * Where run-time DDL goes (the worker's partition maintenance): MIGRATION_DATABASE_URL,
 * the direct address migrations use, when set; else the app's own database. DDL never
 * goes through a transaction pooler, which DATABASE_URL may point at.
 */
export async function resolveDdlDatabaseUrl(): Promise<string> {
  return getEnv().MIGRATION_DATABASE_URL ?? (await resolveDatabase()).url;
}
