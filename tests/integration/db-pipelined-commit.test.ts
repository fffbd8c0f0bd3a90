// pipelinedTransaction writes its statement and the Sync that commits it together, so
// PostgreSQL releases the statement's row locks without waiting for this process to read
// the answer (src/server/db/sql.ts). The tests stop this process reading that connection's
// answers and watch the commit land from another connection, and count the writes to
// the connection's socket.
import type { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/server/db/client";
import { pipelinedTransaction, namedQuery } from "@/server/db/sql";
import { databaseUrl } from "../harness/per-file-database";
import { waitFor } from "../harness/wait-for";

const bump = namedQuery("test-pipelined-bump", "UPDATE pipelined_probe SET n = n + 1 WHERE id = 1 RETURNING n");
const lock = namedQuery("test-pipelined-lock", "SELECT pg_advisory_xact_lock($1::bigint)");
const observer = new pg.Client({ connectionString: databaseUrl });

beforeAll(async () => {
  await observer.connect();
  await observer.query("CREATE TABLE IF NOT EXISTS pipelined_probe (id int PRIMARY KEY, n int NOT NULL)");
});

afterAll(async () => {
  await observer.end();
});

/** Counts the writes (system calls, as node hands them to the socket) the next pooled connection makes while `run` runs. */
async function countingWrites<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const pool = await getPool();
  let writes = 0;
  let restore = () => undefined as void;
  pool.once("acquire", (client) => {
    type Write = (this: Socket, ...args: unknown[]) => void;
    const socket = (client as unknown as { connection: { stream: Socket & { _write: Write; _writev: Write } } }).connection.stream;
    const [write, writev] = [socket._write, socket._writev];
    socket._write = function (...args) {
      writes += 1;
      return write.apply(this, args);
    };
    socket._writev = function (...args) {
      writes += 1;
      return writev.apply(this, args);
    };
    restore = () => {
      socket._write = write;
      socket._writev = writev;
    };
  });
  try {
    return { result: await run(), writes };
  } finally {
    restore();
  }
}

describe("pipelinedTransaction", () => {
  it("commits while this process has not yet read the statement's answer", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const pool = await getPool();
    let socket: Socket | undefined;
    pool.once("acquire", (client) => {
      socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    });
    const transaction = pipelinedTransaction<{ n: number }>(() => {
      // From here on nothing this connection's server sends is read until resume().
      socket!.pause();
      return { sql: bump, values: [] };
    });
    try {
      await waitFor(async () => (await observer.query<{ n: number }>("SELECT n FROM pipelined_probe WHERE id = 1")).rows[0].n === 1, {
        timeoutMs: 10_000,
        what: "the update to be committed while its answer sat unread",
      });
    } finally {
      socket!.resume();
    }
    expect(await transaction).toEqual([{ n: 1 }]);
  });

  it("writes the lockFirst query, the statement and the Sync that commits in one write when the statement does not depend on the lockFirst query", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const { result, writes } = await countingWrites(() =>
      pipelinedTransaction<{ n: number }>({ sql: bump, values: [] }, { asyncCommit: true, lockFirst: { sql: lock, values: [42] } }),
    );
    expect(result[0].n).toBeGreaterThan(0);
    expect(writes).toBe(1);
  });

  it("writes the lockFirst query in one write, then the statement and the Sync that commits in another", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const lockFirst = { sql: namedQuery("test-pipelined-lock-row", "SELECT n FROM pipelined_probe WHERE id = $1 FOR UPDATE"), values: [1] };
    const { result, writes } = await countingWrites(() =>
      pipelinedTransaction<{ n: number }>(([row]) => {
        expect(row).toEqual({ n: 0 });
        return { sql: bump, values: [] };
      }, { lockFirst }),
    );
    expect(result).toEqual([{ n: 1 }]);
    expect(writes).toBe(2);
  });

  it("throws the lockFirst query's own error, not the aborted transaction's, and leaves the connection usable", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const divide = namedQuery("test-pipelined-divide", "SELECT 1 / $1::int");
    await expect(pipelinedTransaction({ sql: bump, values: [] }, { lockFirst: { sql: divide, values: [0] } })).rejects.toMatchObject({ code: "22012" });
    await expect(pipelinedTransaction(() => ({ sql: bump, values: [] }), { lockFirst: { sql: divide, values: [0] } })).rejects.toMatchObject({ code: "22012" });
    expect((await observer.query<{ n: number }>("SELECT n FROM pipelined_probe WHERE id = 1")).rows[0].n).toBe(0);
    expect(await pipelinedTransaction<{ n: number }>({ sql: bump, values: [] })).toEqual([{ n: 1 }]);
  });

  it("rolls back when the statement fails, with the Sync already written", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const failing = namedQuery("test-pipelined-fail", "UPDATE pipelined_probe SET n = n + 1 WHERE id = 1 AND sandi_refuse('balance') RETURNING n");
    await expect(pipelinedTransaction(() => ({ sql: failing, values: [] }))).rejects.toMatchObject({ message: "sandi:balance" });
    expect((await observer.query<{ n: number }>("SELECT n FROM pipelined_probe WHERE id = 1")).rows[0].n).toBe(0);
    // The connection went back to the pool in a usable state.
    expect(await pipelinedTransaction<{ n: number }>(() => ({ sql: bump, values: [] }))).toEqual([{ n: 1 }]);
  });
});
