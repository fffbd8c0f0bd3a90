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

export type NamedQuery = { name: string; text: string };

/**
 * A query with a name: nothing is prepared here; node-pg prepares it under this name the
 * first time each connection runs it (queryConfig says when it stays unnamed).
 */
export function namedQuery(name: string, text: string): NamedQuery {
  return { name, text };
}

/** What node-pg is given: the statement's name only where prepared statements outlive one transaction. */
function queryConfig(sql: NamedQuery, values: unknown[]): pg.QueryConfig {
  return getEnv().DB_POOLER === "pgbouncer" ? { text: sql.text, values } : { name: sql.name, text: sql.text, values };
}

/** One statement on its own (autocommit: atomic by itself, one round trip). */
export async function runAutocommit<R extends pg.QueryResultRow>(sql: NamedQuery, values: unknown[]): Promise<R[]> {
  const result = await (await getPool()).query<R>(queryConfig(sql, values));
  return result.rows;
}

/** A named query with its parameters. */
export type BoundQuery = { sql: NamedQuery; values: unknown[] };

/**
 * BEGIN, `lockFirst` (a lock to take, or a row to lock and read), one statement and its
 * COMMIT, written together (pipelined, and in one write to the socket): PostgreSQL runs
 * the COMMIT straight after the statement, so the row locks the statement took are
 * released without waiting for this process to read the answer. A busy event loop
 * reads answers late; one busy merchant's creations all update the same saldo row and
 * would queue behind that delay. A statement that fails (a refusal raised in SQL,
 * sandi_refuse) makes that COMMIT a rollback.
 *
 * Given the statement itself, everything goes in one write: one wait in all. Given a
 * function of the locked rows (a row to lock and look at first), BEGIN and `lockFirst`
 * take a write and a wait of their own; a throw there rolls back.
 *
 * `asyncCommit` commits without waiting for the WAL flush (synchronous_commit off for
 * this transaction only): its locks are released at once. Use it only where a later
 * synchronous commit makes the work durable before anything outside the database
 * depends on it (see services/otp/reserve-creation.ts).
 */
export async function pipelinedTransaction<R extends pg.QueryResultRow>(
  statement: BoundQuery | ((locked: pg.QueryResultRow[]) => BoundQuery),
  options: { asyncCommit?: boolean; lockFirst?: BoundQuery } = {},
): Promise<R[]> {
  return withClient(async (client, broken) => {
    // Checked before BEGIN, so a node-pg without pipeline mode fails with no transaction left open.
    const mode = pipelineSwitch(client);
    // SET LOCAL is a utility statement (nothing to plan); lockFirst is prepared like the rest.
    const head = [options.asyncCommit ? "BEGIN; SET LOCAL synchronous_commit TO off" : "BEGIN", ...(options.lockFirst ? [options.lockFirst] : [])];
    if (typeof statement !== "function") return pipelined<R>(client, mode, [...head, statement], broken);
    let built: BoundQuery;
    try {
      built = statement(await pipelined(client, mode, head));
    } catch (err) {
      await client.query("ROLLBACK").catch(broken);
      throw err;
    }
    return pipelined<R>(client, mode, [built], broken);
  });
}

/**
 * Writes the queries in one write, in node-pg's pipeline mode, followed by a COMMIT when
 * `commitBroken` is given, and goes back to one query at a time only once all are
 * answered (a query written in pipeline mode is matched to its answer only while the
 * mode is on). Returns the rows of the last query before the COMMIT; the first failure
 * is the one thrown (the ones after it only say the transaction aborted).
 */
async function pipelined<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  mode: { pipeline: boolean },
  queries: (string | BoundQuery)[],
  commitBroken?: () => void,
): Promise<R[]> {
  mode.pipeline = true;
  try {
    const sent = corked(client, () => [
      ...queries.map((q) => (typeof q === "string" ? client.query(q) : client.query<R>(queryConfig(q.sql, q.values)))),
      ...(commitBroken ? [client.query("COMMIT")] : []),
    ]);
    const settled = await Promise.allSettled(sent);
    // A COMMIT that fails leaves the connection in a state nobody checked: do not reuse it.
    if (commitBroken && settled[settled.length - 1].status === "rejected") commitBroken();
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    return (settled[queries.length - 1] as PromiseFulfilledResult<pg.QueryResult<R>>).value.rows;
  } finally {
    mode.pipeline = false;
  }
}

/**
 * Runs `issue` with the connection's socket corked, so every message the queries it
 * starts put on the wire leaves in one write (one system call, one wake-up of the
 * server) instead of one per query. A client without a reachable socket just writes as
 * usual.
 */
function corked<T>(client: pg.PoolClient, issue: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return issue();
  stream.cork();
  try {
    return issue();
  } finally {
    stream.uncork();
  }
}

function pipelineSwitch(client: pg.PoolClient): { pipeline: boolean } {
  const c = client as unknown as { pipeline?: unknown };
  if (typeof c.pipeline !== "boolean") throw new Error("node-pg without pipeline mode (8.23 has it): the reserve's COMMIT would wait for this process");
  return c as { pipeline: boolean };
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
