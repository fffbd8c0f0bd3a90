// The hot path's SQL: named (prepared once per connection) statements on the pool
// under Prisma. Prisma stays the owner of the schema and the client for everything
// else; the /v3 creation, verification and read paths issue their few statements
// here, where one statement costs one round trip and no client-side query planning.
// Behind a transaction-mode pooler (DB_POOLER=pgbouncer) a statement prepared on one
// server connection is unknown on the next, so they go unnamed: parsed and planned
// each time, in the same round trip.
import type pg from "pg";
import { getEnv } from "@/env";
import { getPool } from "./client";
import { ASYNC_COMMIT_SQL, OneSyncTransaction, type Statement } from "./one-sync-transaction";

export type NamedQuery = { name: string; text: string };

/**
 * A query with a name: nothing is prepared here; node-pg prepares it under this name the
 * first time each connection runs it (queryConfig says when it stays unnamed).
 */
export function namedQuery(name: string, text: string): NamedQuery {
  return { name, text };
}

/** What node-pg is given: the statement's name only where prepared statements outlive one transaction. */
function queryConfig(sql: NamedQuery, values: unknown[]): Statement {
  return getEnv().DB_POOLER === "pgbouncer" ? { text: sql.text, values } : { name: sql.name, text: sql.text, values };
}

/** One statement on its own (autocommit: atomic by itself, one round trip). */
export async function runAutocommit<R extends pg.QueryResultRow>(sql: NamedQuery, values: unknown[]): Promise<R[]> {
  const result = await (await getPool()).query<R>(queryConfig(sql, values));
  return result.rows;
}

/** A named query with its parameters. */
export type BoundQuery = { sql: NamedQuery; values: unknown[] };

// Local to the transaction: it ends with the Sync, so the setting does not outlive it.
const commitAsynchronously = namedQuery("sandi-async-commit", ASYNC_COMMIT_SQL);
const limitStatementTime = namedQuery("sandi-statement-timeout", "SELECT set_config('statement_timeout', $1::text, true)");

/**
 * `lockFirst` (a lock to take, or a row to lock and read) and one statement as one
 * transaction, written together and ended by one Sync (one-sync-transaction.ts):
 * PostgreSQL commits straight after the statement, so the row locks the statement took
 * are released without waiting for this process to read the answer. A busy event loop
 * reads answers late; one busy merchant's creations all update the same saldo row and
 * would queue behind that delay. A statement that fails (a refusal raised in SQL,
 * sandi_refuse) rolls everything back and is the error thrown.
 *
 * Given the statement itself, everything goes in one write: one wait in all. Given a
 * function of the locked rows (a row to lock and look at first), `lockFirst` takes a
 * write and a wait of its own, and the statement follows in the same transaction; a
 * throw there ends the transaction, which has only locked and read (`lockFirst` must
 * not write), without waiting for a WAL flush.
 *
 * `asyncCommit` commits without waiting for the WAL flush (synchronous_commit off for
 * this transaction only): its locks are released at once. Use it only where a later
 * synchronous commit makes the work durable before anything outside the database
 * depends on it (see services/otp/reserve-creation.ts).
 *
 * `statementTimeoutMs` cancels each statement of this transaction that runs longer
 * (statement_timeout, local to the transaction): its error is the one thrown.
 */
export async function pipelinedTransaction<R extends pg.QueryResultRow>(
  statement: BoundQuery | ((locked: pg.QueryResultRow[]) => BoundQuery),
  options: { asyncCommit?: boolean; lockFirst?: BoundQuery; statementTimeoutMs?: number } = {},
): Promise<R[]> {
  const bound = (q: BoundQuery) => queryConfig(q.sql, q.values);
  const head = [...(options.asyncCommit ? [{ sql: commitAsynchronously, values: [] }] : []), ...(options.lockFirst ? [options.lockFirst] : [])].map(bound);
  if (options.statementTimeoutMs) head.unshift(bound({ sql: limitStatementTime, values: [String(Math.ceil(options.statementTimeoutMs))] }));
  const build = typeof statement === "function" ? statement : () => statement;
  return withClient(async (client, broken) => {
    // With nothing to lock first, the statement is known now: no wait in between.
    const transaction =
      options.lockFirst && typeof statement === "function"
        ? new OneSyncTransaction(head, (locked) => [bound(build(locked))])
        : new OneSyncTransaction([...head, bound(build([]))]);
    try {
      return await transaction.run<R>(client);
    } catch (err) {
      // A commit that fails leaves the connection in a state nobody checked: do not reuse it.
      if (transaction.commitFailed) broken();
      throw err;
    }
  });
}

async function withClient<T>(use: (client: pg.PoolClient, broken: () => void) => Promise<T>): Promise<T> {
  const client = await (await getPool()).connect();
  // A connection that dies while checked out (a server restart) fails the query in
  // flight; its 'error' event must not also crash the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  let isBroken = false;
  try {
    return await use(client, () => (isBroken = true));
  } finally {
    client.removeListener("error", ignore);
    client.release(isBroken);
  }
}
