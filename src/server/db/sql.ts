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

/** The hot path's one-statement transactions: the statement, or how to build it from the opening's rows. */
export type FinalStatement = { sql: Statement; values: unknown[] };

/**
 * BEGIN (with `opening`), one statement and its COMMIT, written together (pipelined,
 * and in one write to the socket): PostgreSQL runs the COMMIT straight after the
 * statement, so the row locks the statement took are released without waiting for this
 * process to read the answer. A busy event loop reads answers late; one busy
 * merchant's creations all update the same saldo row and would queue behind that delay.
 * A statement that fails (a refusal raised in SQL, sandi_refuse) makes that COMMIT a
 * rollback.
 *
 * Given the statement itself, BEGIN and `opening` go in the same write: one round trip
 * in all. Given a function of the opening's rows (a row to lock and look at first),
 * BEGIN and `opening` take a round trip of their own; a throw there rolls back.
 *
 * `asyncCommit` commits without waiting for the WAL flush (synchronous_commit off for
 * this transaction only): its locks are released at once. Use it only where a later
 * synchronous commit makes the work durable before anything outside the database
 * depends on it (see create-otp.ts).
 */
export async function oneStatementTransaction<R extends pg.QueryResultRow>(
  statement: FinalStatement | ((opened: pg.QueryResultRow[]) => FinalStatement),
  options: { asyncCommit?: boolean; opening?: OpeningSql } = {},
): Promise<R[]> {
  return withClient(async (client, broken) => {
    // Checked before BEGIN, so a node-pg without pipeline mode fails with no transaction left open.
    const mode = pipelineSwitch(client);
    if (typeof statement !== "function") return pipelined<R>(client, mode, broken, [beginText(options), statement]);
    let built: FinalStatement;
    try {
      built = statement(openedRows(await client.query(beginText(options)), options));
    } catch (err) {
      await client.query("ROLLBACK").catch(broken);
      throw err;
    }
    return pipelined<R>(client, mode, broken, [built]);
  });
}

/**
 * Writes the queries and a COMMIT in one write, in node-pg's pipeline mode, and goes back
 * to one query at a time only once all are answered (a query written in pipeline mode is
 * matched to its answer only while the mode is on). Returns the last query's rows; the
 * first failure is the one thrown (the ones after it only say the transaction aborted).
 */
async function pipelined<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  mode: { pipeline: boolean },
  broken: () => void,
  queries: (string | FinalStatement)[],
): Promise<R[]> {
  mode.pipeline = true;
  try {
    const sent = corked(client, () => [
      ...queries.map((q) => (typeof q === "string" ? client.query(q) : client.query<R>({ name: q.sql.name, text: q.sql.text, values: q.values }))),
      client.query("COMMIT"),
    ]);
    const settled = await Promise.allSettled(sent);
    const commit = settled[settled.length - 1];
    // A COMMIT that fails leaves the connection in a state nobody checked: do not reuse it.
    if (commit.status === "rejected") broken();
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    return (settled[settled.length - 2] as PromiseFulfilledResult<pg.QueryResult<R>>).value.rows;
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

function beginText(options: { asyncCommit?: boolean; opening?: OpeningSql }): string {
  return ["BEGIN", ...(options.asyncCommit ? ["SET LOCAL synchronous_commit TO off"] : []), ...(options.opening ? [options.opening.text] : [])].join("; ");
}

function openedRows(results: pg.QueryResult | pg.QueryResult[], options: { opening?: OpeningSql }): pg.QueryResultRow[] {
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
