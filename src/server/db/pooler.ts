// Whether a connection reaches PostgreSQL itself or a pooler in front of it. PgBouncer
// answers the start-up with a backend process id of its own making (its cancel key),
// so the id the client was given differs from the server's pg_backend_pid(); on a
// direct connection the two are always equal.
import type pg from "pg";

export async function goesThroughPooler(client: pg.Client | pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return rows[0].pid !== (client as unknown as { processID?: number }).processID;
}

/**
 * The migration lock is a session-level advisory lock (Prisma's, so `prisma migrate`
 * agrees), and a non-transactional migration runs statement by statement: a
 * transaction-pooling PgBouncer would run them on different server connections and
 * leave the lock held on one of them. Refuse before taking it.
 */
export async function refuseThroughPooler(client: pg.Client): Promise<void> {
  if (!(await goesThroughPooler(client))) return;
  throw new Error(
    "Migrations need a direct connection to PostgreSQL, and this URL goes through a pooler (PgBouncer): the migration lock is a session-level advisory lock, which a transaction-mode pooler cannot hold. Set MIGRATION_DATABASE_URL to PostgreSQL itself (docs/migrations.md).",
  );
}
