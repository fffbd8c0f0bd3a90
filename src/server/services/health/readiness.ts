import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { pendingMigrations } from "@/server/db/migrate";
import { isDraining } from "@/server/lifecycle.mjs";

export type Readiness = {
  status: "ready" | "not_ready" | "draining";
  database: "ok" | "unreachable";
  pending_migrations: string[];
  /** Rate limits and throttles are counted in Redis, shared by every instance (false: per instance, in memory). */
  shared_limits: boolean;
};

/**
 * Ready when the database answers and every migration in prisma/migrations is
 * applied; "draining" from SIGTERM on (serve.mjs), so a load balancer takes this
 * instance out while it still serves what it is sent.
 */
export async function checkReadiness(): Promise<Readiness> {
  const shared_limits = Boolean(getEnv().REDIS_URL);
  if (isDraining()) return { status: "draining", database: "ok", pending_migrations: [], shared_limits };
  try {
    const db = await getDb();
    const pending = await pendingMigrations((sql) => db.$queryRawUnsafe<{ migration_name: string }[]>(sql));
    return { status: pending.length === 0 ? "ready" : "not_ready", database: "ok", pending_migrations: pending, shared_limits };
  } catch {
    return { status: "not_ready", database: "unreachable", pending_migrations: [], shared_limits };
  }
}
