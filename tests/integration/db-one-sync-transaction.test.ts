// A transaction written as one extended-query pipeline with a single Sync
// (src/server/db/one-sync-transaction.ts): the statements before the Sync are one
// implicit transaction, committed by it or, after a failure, rolled back. Checked on
// the wire through the bench's counting proxy (one ReadyForQuery per transaction) and
// through PgBouncer in transaction mode, where every statement goes unnamed.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OneSyncTransaction, type Statement } from "@/server/db/one-sync-transaction";
import { PgCounterProxy, type WireCounts } from "../../bench/lib/pg-counter-proxy";
import { startPgbouncer, type Bouncer } from "../harness/pgbouncer";
import { databaseUrl } from "../harness/per-file-database";

const observer = new pg.Client({ connectionString: databaseUrl });
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  await observer.connect();
  await observer.query("CREATE TABLE IF NOT EXISTS one_sync_probe (id int PRIMARY KEY, n int NOT NULL)");
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

afterAll(async () => {
  await observer.end();
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

async function throughProxy(): Promise<{ proxy: PgCounterProxy; client: pg.Client }> {
  const target = new URL(databaseUrl);
  const proxy = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(await proxy.listen());
  cleanups.push(() => proxy.close());
  return { proxy, client: await connect(url.toString()) };
}

function delta(before: WireCounts, after: WireCounts, keys: (keyof WireCounts)[]): Partial<WireCounts> {
  return Object.fromEntries(keys.map((k) => [k, after[k] - before[k]]));
}

async function probeN(): Promise<number> {
  return (await observer.query<{ n: number }>("SELECT n FROM one_sync_probe WHERE id = 1")).rows[0].n;
}

async function resetProbe(): Promise<void> {
  await observer.query("INSERT INTO one_sync_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
}

const bump: Statement = { name: "one-sync-bump", text: "UPDATE one_sync_probe SET n = n + 1 WHERE id = 1 RETURNING n", values: [] };
const lockRow: Statement = { name: "one-sync-lock-row", text: "SELECT n FROM one_sync_probe WHERE id = $1::int FOR UPDATE", values: [1] };
const divide = (by: number): Statement => ({ name: "one-sync-divide", text: "SELECT 1 / $1::int AS q", values: [by] });
const unnamed = (s: Statement): Statement => ({ text: s.text, values: s.values });

describe("one transaction, one Sync", () => {
  it("returns the last statement's rows, committed, in one round trip and one wait", async () => {
    await resetProbe();
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    const rows = await new OneSyncTransaction([{ name: "one-sync-lock", text: "SELECT pg_advisory_xact_lock($1::bigint)", values: [7] }, bump, bump]).run(client);
    expect(rows).toEqual([{ n: 2 }]);
    expect(await probeN()).toBe(2);
    expect(delta(before, proxy.snapshot(), ["statements", "transactionControl", "roundTrips", "waits", "transactions", "rollbacks"])).toEqual({
      statements: 3,
      transactionControl: 0,
      roundTrips: 1,
      waits: 1,
      transactions: 1,
      rollbacks: 0,
    });
  });

  it("rolls back the earlier statements when one in the middle fails, throws that statement's error, and leaves the connection usable", async () => {
    await resetProbe();
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    await expect(new OneSyncTransaction([bump, divide(0), bump]).run(client)).rejects.toMatchObject({ code: "22012" });
    expect(await probeN()).toBe(0);
    expect(delta(before, proxy.snapshot(), ["roundTrips", "transactions", "rollbacks"])).toEqual({ roundTrips: 1, transactions: 0, rollbacks: 1 });
    expect((await client.query<{ status: string }>("SELECT 'usable' AS status")).rows).toEqual([{ status: "usable" }]);
    expect(await new OneSyncTransaction([bump]).run(client)).toEqual([{ n: 1 }]);
  });

  it("rolls back a refusal raised in SQL (sandi_refuse) and throws it", async () => {
    await resetProbe();
    const client = await connect(databaseUrl);
    const refuse: Statement = { name: "one-sync-refuse", text: "UPDATE one_sync_probe SET n = n + 1 WHERE id = 1 AND sandi_refuse('balance') RETURNING n", values: [] };
    await expect(new OneSyncTransaction([bump, refuse]).run(client)).rejects.toMatchObject({ code: "P0001", message: "sandi:balance" });
    expect(await probeN()).toBe(0);
  });

  it("keeps node-pg's prepared statements true after a failure: the failed one stays prepared, the skipped ones are prepared again", async () => {
    const client = await connect(databaseUrl);
    await client.query("DROP TABLE IF EXISTS one_sync_later");
    const later: Statement = { name: "one-sync-later", text: "SELECT count(*)::int AS c FROM one_sync_later", values: [] };
    const after: Statement = { name: "one-sync-after", text: "SELECT 2 AS two", values: [] };
    // The division fails when it runs (its Parse succeeded); `after` is skipped, never parsed.
    await expect(new OneSyncTransaction([divide(0), after]).run(client)).rejects.toMatchObject({ code: "22012" });
    expect(await new OneSyncTransaction([divide(1), after]).run(client)).toEqual([{ two: 2 }]);
    // A Parse that fails (no such table yet) leaves nothing prepared under the name.
    await expect(new OneSyncTransaction([later]).run(client)).rejects.toMatchObject({ code: "42P01" });
    await client.query("CREATE TABLE one_sync_later (id int)");
    expect(await new OneSyncTransaction([later]).run(client)).toEqual([{ c: 0 }]);
    const prepared = await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'one-sync-%' ORDER BY name");
    expect(prepared.rows.map((r) => r.name)).toEqual(["one-sync-after", "one-sync-divide", "one-sync-later"]);
  });

  it("refuses a name already prepared for another statement, writing nothing", async () => {
    const client = await connect(databaseUrl);
    await new OneSyncTransaction([{ name: "one-sync-taken", text: "SELECT 1 AS one", values: [] }]).run(client);
    await expect(new OneSyncTransaction([{ name: "one-sync-taken", text: "SELECT 2 AS two", values: [] }]).run(client)).rejects.toThrow(/Prepared statements must be unique/);
    expect((await client.query("SELECT 3 AS three")).rows).toEqual([{ three: 3 }]);
  });

  it("commits asynchronously for this transaction only with set_config('synchronous_commit', 'off', true)", async () => {
    const client = await connect(databaseUrl);
    const off: Statement = { name: "one-sync-async", text: "SELECT set_config('synchronous_commit', 'off', true)", values: [] };
    const setting: Statement = { name: "one-sync-setting", text: "SELECT current_setting('synchronous_commit') AS s", values: [] };
    const notices: unknown[] = [];
    client.on("notice", (n) => notices.push(n));
    expect(await new OneSyncTransaction([off, setting]).run(client)).toEqual([{ s: "off" }]);
    expect(await new OneSyncTransaction([setting]).run(client)).toEqual([{ s: "on" }]);
    // No "SET LOCAL can only be used in transaction blocks" warning.
    expect(notices).toEqual([]);
  });
});

describe("a statement that depends on the rows read first", () => {
  it("reads the locked row, then writes in the same transaction: two waits, one Sync", async () => {
    await resetProbe();
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    const rows = await new OneSyncTransaction([lockRow], ([row]) => {
      expect(row).toEqual({ n: 0 });
      return [bump];
    }).run(client);
    expect(rows).toEqual([{ n: 1 }]);
    expect(delta(before, proxy.snapshot(), ["statements", "roundTrips", "waits", "transactions", "rollbacks"])).toEqual({
      statements: 2,
      roundTrips: 1,
      waits: 2,
      transactions: 1,
      rollbacks: 0,
    });
  });

  it("holds the row's lock from the read to the commit: an update sent in between waits for it", async () => {
    await resetProbe();
    const client = await connect(databaseUrl);
    const other = await connect(databaseUrl);
    let concurrent: Promise<pg.QueryResult<{ n: number }>> | undefined;
    const rows = await new OneSyncTransaction([lockRow], () => {
      // Sent while this transaction holds the row, before its own update is written.
      concurrent = other.query<{ n: number }>("UPDATE one_sync_probe SET n = n * 10 WHERE id = 1 RETURNING n");
      return [bump];
    }).run(client);
    expect(rows).toEqual([{ n: 1 }]);
    expect((await concurrent!).rows).toEqual([{ n: 10 }]);
  });

  it("throws what the function throws, and the transaction ends with nothing written", async () => {
    await resetProbe();
    const { proxy, client } = await throughProxy();
    const before = proxy.snapshot();
    const refusal = new Error("not verifiable");
    await expect(
      new OneSyncTransaction([lockRow], () => {
        throw refusal;
      }).run(client),
    ).rejects.toBe(refusal);
    expect(await probeN()).toBe(0);
    // The row's lock went with the transaction: another connection takes it at once.
    await observer.query("BEGIN");
    await observer.query("SELECT n FROM one_sync_probe WHERE id = 1 FOR UPDATE NOWAIT");
    await observer.query("ROLLBACK");
    // The row lock's release waits for no WAL flush.
    expect(delta(before, proxy.snapshot(), ["roundTrips", "waits", "flushedCommits"])).toEqual({ roundTrips: 1, waits: 2, flushedCommits: 0 });
    expect(await new OneSyncTransaction([bump]).run(client)).toEqual([{ n: 1 }]);
  });

  it("throws the first statement's error without calling the function, and leaves the connection usable", async () => {
    await resetProbe();
    const client = await connect(databaseUrl);
    let called = false;
    await expect(
      new OneSyncTransaction([divide(0)], () => {
        called = true;
        return [bump];
      }).run(client),
    ).rejects.toMatchObject({ code: "22012" });
    expect(called).toBe(false);
    expect(await new OneSyncTransaction([bump]).run(client)).toEqual([{ n: 1 }]);
  });

  it("rolls back the dependent statement's failure with the read", async () => {
    await resetProbe();
    const client = await connect(databaseUrl);
    await expect(new OneSyncTransaction([lockRow], () => [bump, divide(0)]).run(client)).rejects.toMatchObject({ code: "22012" });
    expect(await probeN()).toBe(0);
    expect(await new OneSyncTransaction([lockRow], () => [bump]).run(client)).toEqual([{ n: 1 }]);
  });
});

describe("through PgBouncer in transaction mode (unnamed statements)", () => {
  let bouncer: Bouncer;
  const database = new URL(databaseUrl).pathname.slice(1);

  beforeAll(async () => {
    // One server connection for two clients: each transaction must be whole on it, and
    // one left open would keep the other client waiting.
    bouncer = await startPgbouncer(databaseUrl, { poolSize: 1 });
  }, 120_000);

  afterAll(async () => {
    await bouncer?.stop();
  });

  it("commits, rolls back, and reads before writing, from two clients sharing one server connection", async () => {
    await resetProbe();
    const a = await connect(bouncer.url(database));
    const b = await connect(bouncer.url(database));
    expect(await new OneSyncTransaction([unnamed(lockRow)], () => [unnamed(bump)]).run(a)).toEqual([{ n: 1 }]);
    await expect(new OneSyncTransaction([unnamed(bump), unnamed(divide(0))]).run(b)).rejects.toMatchObject({ code: "22012" });
    expect(await new OneSyncTransaction([unnamed(bump), unnamed(bump)]).run(b)).toEqual([{ n: 3 }]);
    await expect(
      new OneSyncTransaction([unnamed(lockRow)], () => {
        throw new Error("refused");
      }).run(a),
    ).rejects.toThrow("refused");
    const all = await Promise.all([
      new OneSyncTransaction([unnamed(lockRow)], () => [unnamed(bump)]).run(a),
      new OneSyncTransaction([unnamed(lockRow)], () => [unnamed(bump)]).run(b),
    ]);
    expect(all.map(([r]) => r.n).sort()).toEqual([4, 5]);
    expect(await probeN()).toBe(5);
  });
});
