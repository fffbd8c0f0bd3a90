// The bench's WAL flush figures (bench/lib/wal-flushes.ts) against the real PostgreSQL:
// synchronous commits are flushes a commit waits for, so a run of them must show up.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walFlushesDuring } from "../../bench/lib/wal-flushes";
import { databaseUrl } from "../harness/per-file-database";

const client = new pg.Client({ connectionString: databaseUrl });
const previousAdminUrl = process.env.BENCH_PG_ADMIN_URL;

beforeAll(async () => {
  process.env.BENCH_PG_ADMIN_URL = databaseUrl;
  await client.connect();
  await client.query("CREATE TABLE wal_flush_probe (id int PRIMARY KEY)");
});

afterAll(async () => {
  await client.end();
  if (previousAdminUrl === undefined) delete process.env.BENCH_PG_ADMIN_URL;
  else process.env.BENCH_PG_ADMIN_URL = previousAdminUrl;
});

describe("bench WAL flushes", () => {
  it("counts the flushes synchronous commits wait for, and times them only when the cluster does", async () => {
    const { result, walFlushes } = await walFlushesDuring(async () => {
      for (let i = 0; i < 40; i++) await client.query("INSERT INTO wal_flush_probe VALUES ($1)", [i]);
      // A backend hands its statistics over at most once a second; a loaded server's backends do it all along.
      await client.query("SELECT pg_stat_force_next_flush()");
      await client.query("SELECT 1");
      return "done";
    });
    expect(result).toBe("done");
    expect(walFlushes).not.toBeNull();
    expect(walFlushes!.perSecond).toBeGreaterThan(0);
    const [{ timed }] = (await client.query<{ timed: string }>("SELECT current_setting('track_wal_io_timing') AS timed")).rows;
    if (timed === "on") expect(walFlushes!.meanMs).toBeGreaterThan(0);
    else expect(walFlushes!.meanMs).toBeNull();
  });
});
