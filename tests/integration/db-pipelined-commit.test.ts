// oneStatementTransaction writes its statement and the COMMIT together, so PostgreSQL
// releases the statement's row locks without waiting for this process to read the
// answer (src/server/db/sql.ts). The test stops this process reading that connection's
// answers and watches the commit land from another connection.
import type { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/server/db/client";
import { oneStatementTransaction, statement } from "@/server/db/sql";
import { databaseUrl } from "../harness/per-file-database";
import { waitFor } from "../harness/wait-for";

const bump = statement("test-pipelined-bump", "UPDATE pipelined_probe SET n = n + 1 WHERE id = 1 RETURNING n");
const observer = new pg.Client({ connectionString: databaseUrl });

beforeAll(async () => {
  await observer.connect();
  await observer.query("CREATE TABLE IF NOT EXISTS pipelined_probe (id int PRIMARY KEY, n int NOT NULL)");
});

afterAll(async () => {
  await observer.end();
});

describe("oneStatementTransaction", () => {
  it("commits while this process has not yet read the statement's answer", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const pool = await getPool();
    let socket: Socket | undefined;
    pool.once("acquire", (client) => {
      socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    });
    const transaction = oneStatementTransaction<{ n: number }>(() => {
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

  it("rolls back when the statement fails, with the COMMIT already written", async () => {
    await observer.query("INSERT INTO pipelined_probe (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    const failing = statement("test-pipelined-fail", "UPDATE pipelined_probe SET n = n + 1 WHERE id = 1 AND sandi_refuse('balance') RETURNING n");
    await expect(oneStatementTransaction(() => ({ sql: failing, values: [] }))).rejects.toMatchObject({ message: "sandi:balance" });
    expect((await observer.query<{ n: number }>("SELECT n FROM pipelined_probe WHERE id = 1")).rows[0].n).toBe(0);
    // The connection went back to the pool in a usable state.
    expect(await oneStatementTransaction<{ n: number }>(() => ({ sql: bump, values: [] }))).toEqual([{ n: 1 }]);
  });
});
