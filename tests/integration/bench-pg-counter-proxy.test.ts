// The bench's counting proxy (bench/lib/pg-counter-proxy.ts) against the real
// PostgreSQL: its counts back the issue-11 figures (transactions and statements per
// request, commits that wait for a WAL flush), so they are checked here against
// sequences whose counts are known.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { OneSyncTransaction } from "@/server/db/one-sync-transaction";
import { PgCounterProxy, type WireCounts } from "../../bench/lib/pg-counter-proxy";
import { databaseUrl } from "../harness/per-file-database";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function throughProxy(options?: string): Promise<{ proxy: PgCounterProxy; client: pg.Client }> {
  const target = new URL(databaseUrl);
  const proxy = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(await proxy.listen());
  const client = new pg.Client({ connectionString: url.toString(), ...(options ? { options } : {}) });
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    await proxy.close();
  });
  await client.query("CREATE TEMP TABLE t (id int PRIMARY KEY, v int)");
  return { proxy, client };
}

function delta(before: WireCounts, after: WireCounts): Omit<WireCounts, "maxStatementsPerTransaction"> {
  const keys = ["statements", "transactionControl", "roundTrips", "roundTripsInTransaction", "waits", "transactions", "rollbacks", "flushedCommits"] as const;
  return Object.fromEntries(keys.map((k) => [k, after[k] - before[k]])) as Omit<WireCounts, "maxStatementsPerTransaction">;
}

describe("bench PostgreSQL counting proxy", () => {
  it("counts statements, round trips, transactions and the commits that wait for a flush", async () => {
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    proxy.resetMax();
    await client.query("SELECT 1");
    await client.query("BEGIN");
    await client.query("INSERT INTO t VALUES ($1, 1)", [1]);
    await client.query("SELECT v FROM t WHERE id = $1 FOR UPDATE", [1]);
    await client.query("UPDATE t SET v = v + 1 WHERE id = $1", [1]);
    await client.query("COMMIT");
    await client.query("BEGIN");
    await client.query("SELECT v FROM t WHERE id = $1", [1]);
    await client.query("ROLLBACK");
    const after = proxy.snapshot();
    // SELECT 1 and the read-only transaction are transactions (as xact_commit counts them) but wait for no flush.
    expect(delta(before, after)).toEqual({ statements: 9, transactionControl: 4, roundTrips: 9, roundTripsInTransaction: 6, waits: 9, transactions: 3, rollbacks: 0, flushedCommits: 1 });
    expect(after.maxStatementsPerTransaction).toBe(3);
  });

  it("does not count writes on asynchronously committing sessions as waiting for a flush", async () => {
    const { proxy, client } = await throughProxy("-c synchronous_commit=off");
    const before = proxy.snapshot();
    await client.query("INSERT INTO t VALUES (1, 1)");
    await client.query("SET synchronous_commit = on");
    await client.query("INSERT INTO t VALUES (2, 1)");
    await client.query("BEGIN");
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query("INSERT INTO t VALUES (3, 1)");
    await client.query("COMMIT");
    expect(delta(before, proxy.snapshot())).toMatchObject({ statements: 7, transactions: 4, flushedCommits: 1 });
  });

  it("counts a failed transaction as rolled back", async () => {
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    await client.query("BEGIN");
    await expect(client.query("SELECT 1/0")).rejects.toThrow();
    await client.query("ROLLBACK");
    expect(delta(before, proxy.snapshot())).toMatchObject({ transactions: 0, rollbacks: 1, flushedCommits: 0 });
  });

  it("counts each statement of a several-statement message, SET LOCAL in it, and writes inside a WITH … SELECT", async () => {
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    proxy.resetMax();
    await client.query("BEGIN; SET LOCAL synchronous_commit TO off; SELECT pg_advisory_xact_lock(42)");
    await client.query("WITH w AS (INSERT INTO t VALUES ($1, 1) RETURNING id) SELECT id FROM w", [1]);
    await client.query("COMMIT");
    await client.query("WITH w AS (UPDATE t SET v = 2 WHERE id = $1 RETURNING id) SELECT id FROM w", [1]);
    // The reservation committed without waiting for a flush; the later statement alone did (SET LOCAL ended with its transaction).
    expect(delta(before, proxy.snapshot())).toEqual({ statements: 6, transactionControl: 2, roundTrips: 4, roundTripsInTransaction: 2, waits: 4, transactions: 2, rollbacks: 0, flushedCommits: 1 });
    expect(proxy.snapshot().maxStatementsPerTransaction).toBe(3);
  });

  it("counts pipelined queries as one wait, however many round trips they answer", async () => {
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    (client as unknown as { pipeline: boolean }).pipeline = true;
    try {
      await Promise.all([client.query("BEGIN; SELECT pg_advisory_xact_lock(42)"), client.query("INSERT INTO t VALUES ($1, 1)", [1]), client.query("COMMIT")]);
    } finally {
      (client as unknown as { pipeline: boolean }).pipeline = false;
    }
    await client.query("SELECT 1");
    expect(delta(before, proxy.snapshot())).toMatchObject({ roundTrips: 4, waits: 2, transactions: 2 });
  });

  it("counts the statements before one Sync as one transaction (rolled back after an error), a Flush's answer as a wait, and set_config(…, true) as a commit that does not wait", async () => {
    const { proxy, client } = await throughProxy();
    const write = { text: "INSERT INTO t VALUES ($1, 1)", values: [1] };
    const before = proxy.snapshot();
    await new OneSyncTransaction([{ text: "SELECT set_config('synchronous_commit', 'off', true)", values: [] }, write]).run(client);
    expect(delta(before, proxy.snapshot())).toEqual({ statements: 2, transactionControl: 0, roundTrips: 1, roundTripsInTransaction: 0, waits: 1, transactions: 1, rollbacks: 0, flushedCommits: 0 });

    const failing = proxy.snapshot();
    await expect(new OneSyncTransaction([{ ...write, values: [2] }, { text: "SELECT 1 / 0", values: [] }]).run(client)).rejects.toThrow();
    expect(delta(failing, proxy.snapshot())).toMatchObject({ roundTrips: 1, transactions: 0, rollbacks: 1, flushedCommits: 0 });

    const flushed = proxy.snapshot();
    await new OneSyncTransaction([{ text: "SELECT v FROM t WHERE id = $1 FOR UPDATE", values: [1] }], () => [{ text: "UPDATE t SET v = 2 WHERE id = $1", values: [1] }]).run(client);
    expect(delta(flushed, proxy.snapshot())).toEqual({ statements: 2, transactionControl: 0, roundTrips: 1, roundTripsInTransaction: 0, waits: 2, transactions: 1, rollbacks: 0, flushedCommits: 1 });
  });
});
