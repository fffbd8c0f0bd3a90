import { getDb } from "@/server/db/client";
import { pendingMigrations } from "@/server/db/migrate";

export type Readiness = { status: "ready" | "not_ready"; database: "ok" | "unreachable"; pending_migrations: string[] };

/** Ready when the database answers and every migration in prisma/migrations is applied. */
export async function checkReadiness(): Promise<Readiness> {
  try {
    const db = await getDb();
    const pending = await pendingMigrations((sql) => db.$queryRawUnsafe<{ migration_name: string }[]>(sql));
    return { status: pending.length === 0 ? "ready" : "not_ready", database: "ok", pending_migrations: pending };
  } catch {
    return { status: "not_ready", database: "unreachable", pending_migrations: [] };
  }
}
