// The hot path's SQL: named (prepared once per connection) statements on the pool
// under Prisma. Prisma stays the owner of the schema and the client for everything
// else; the /v3 creation, verification and read paths issue their few statements
// here, where one statement costs one round trip and no client-side query planning.
import type pg from "pg";
import { getPool } from "./client";

export type Statement = { name: string; text: string };

/** A statement prepared under its name the first time each connection runs it. */
export function statement(name: string, text: string): Statement {
  return { name, text };
}

export type Queryable = Pick<pg.PoolClient, "query">;

export async function run<R extends pg.QueryResultRow>(db: Queryable, sql: Statement, values: unknown[]): Promise<R[]> {
  const result = await db.query<R>({ name: sql.name, text: sql.text, values });
  return result.rows;
}

/** One statement on its own (autocommit: atomic by itself, one round trip). */
export async function runAlone<R extends pg.QueryResultRow>(sql: Statement, values: unknown[]): Promise<R[]> {
  return run<R>(await getPool(), sql, values);
}

/**
 * SQL text that may ride along with BEGIN in one simple-query message (which takes no
 * parameters): build it only from values whose shape was checked (integers, ids that
 * matched their pattern, names we generate), never from free text.
 */
export type OpeningSql = { text: string };

/**
 * A transaction on one pooled connection. `asyncCommit` commits without waiting for
 * the WAL flush (synchronous_commit off for this transaction only): its locks are
 * released at once. Use it only where a later synchronous commit makes the work
 * durable before anything outside the database depends on it (see create-otp.ts).
 * `opening` runs in the same round trip as BEGIN; its rows are handed to `work`.
 */
export async function transaction<T>(
  work: (db: Queryable, opened: pg.QueryResultRow[]) => Promise<T>,
  options: { asyncCommit?: boolean; opening?: OpeningSql } = {},
): Promise<T> {
  return withClient(async (client, broken) => {
    try {
      const opened = await begin(client, options);
      const result = await work(client, opened);
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(broken);
      throw err;
    }
  });
}

/**
 * BEGIN (with `opening`), then one statement and its COMMIT written together
 * (pipelined): PostgreSQL runs the COMMIT straight after the statement, so the row
 * locks the statement took are released without waiting for this process to read the
 * answer. A busy event loop reads answers late; one busy merchant's creations all
 * update the same saldo row and would queue behind that delay. A statement that fails
 * (a refusal raised in SQL, sandi_refuse) makes that COMMIT a rollback.
 */
export async function oneStatementTransaction<R extends pg.QueryResultRow>(
  statementFor: (opened: pg.QueryResultRow[]) => { sql: Statement; values: unknown[] },
  options: { asyncCommit?: boolean; opening?: OpeningSql } = {},
): Promise<R[]> {
  return withClient(async (client, broken) => {
    // Checked before BEGIN, so a node-pg without pipeline mode fails with no transaction left open.
    const mode = pipelineSwitch(client);
    let built: { sql: Statement; values: unknown[] };
    try {
      built = statementFor(await begin(client, options));
    } catch (err) {
      await client.query("ROLLBACK").catch(broken);
      throw err;
    }
    // Both written at once (node-pg's pipeline mode), and back to one at a time only
    // once both are answered: a query written in pipeline mode is matched to its answer
    // only while the mode is on.
    mode.pipeline = true;
    const result = client.query<R>({ name: built.sql.name, text: built.sql.text, values: built.values });
    const commit = client.query("COMMIT");
    try {
      const { rows } = await result;
      await commit;
      return rows;
    } catch (err) {
      await commit.catch(broken);
      throw err;
    } finally {
      mode.pipeline = false;
    }
  });
}

function pipelineSwitch(client: pg.PoolClient): { pipeline: boolean } {
  const c = client as unknown as { pipeline?: unknown };
  if (typeof c.pipeline !== "boolean") throw new Error("node-pg without pipeline mode (8.23 has it): the reserve's COMMIT would wait for this process");
  return c as { pipeline: boolean };
}

async function begin(client: pg.PoolClient, options: { asyncCommit?: boolean; opening?: OpeningSql }): Promise<pg.QueryResultRow[]> {
  const begin = ["BEGIN", ...(options.asyncCommit ? ["SET LOCAL synchronous_commit TO off"] : []), ...(options.opening ? [options.opening.text] : [])];
  const results = (await client.query(begin.join("; "))) as unknown as pg.QueryResult | pg.QueryResult[];
  return options.opening ? (Array.isArray(results) ? results[results.length - 1] : results).rows : [];
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
