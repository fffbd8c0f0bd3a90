// Daily partitions of the API log: made ahead by the worker's maintenance, dropped
// by retention, and maintained through the DDL address (MIGRATION_DATABASE_URL).
import { describe, expect, it } from "vitest";
import { getEnv } from "@/env";
import { getPool } from "@/server/db/client";
import { purgeOldApiLog } from "@/server/services/api-log/purge-api-log";
import { DAYS_AHEAD, maintainDailyPartitions, partitionName, utcDay } from "@/server/services/partitions/daily-partitions";
import { overrideEnv } from "../harness/env-override";

const DAY = 24 * 60 * 60 * 1000;

async function partitionNames(): Promise<string[]> {
  const pool = await getPool();
  const { rows } = await pool.query<{ name: string }>(`SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'api_request_logs'::regclass ORDER BY 1`);
  return rows.map((r) => r.name);
}

async function insertAt(createdAt: Date): Promise<void> {
  const pool = await getPool();
  await pool.query(
    `INSERT INTO api_request_logs (merchant_id, created_at, method, path, status, latency_ms, request_id, key_prefix) VALUES (1, $1, 'POST', '/v3/request', 200, 3, 'r', 'sk_test_x')`,
    [createdAt],
  );
}

describe("daily partitions of the API log", () => {
  it("are created for every coming day up to DAYS_AHEAD, once, even with several workers at it", async () => {
    const now = new Date(Date.now() + 10 * DAY); // past the partitions the migration made
    const url = getEnv().DATABASE_URL!;
    const runs = await Promise.all([1, 2, 3].map(() => maintainDailyPartitions(url, "api_request_logs", 14, now)));
    const expected = Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => partitionName("api_request_logs", new Date(utcDay(now).getTime() + i * DAY)));
    expect(runs.flatMap((r) => r.created).sort()).toEqual(expected);
    expect(await partitionNames()).toEqual(expect.arrayContaining(expected));
    expect((await maintainDailyPartitions(url, "api_request_logs", 14, now)).created).toEqual([]);
    // Rows land in their day's partition, through the parent, and are read back through it.
    await insertAt(new Date(now.getTime() + DAYS_AHEAD * DAY));
    const pool = await getPool();
    const { rows } = await pool.query(`SELECT tableoid::regclass::text AS part FROM api_request_logs WHERE created_at > $1`, [now]);
    expect(rows).toEqual([{ part: partitionName("api_request_logs", utcDay(new Date(now.getTime() + DAYS_AHEAD * DAY))) }]);
  });

  it("drop the days whose whole range is past API_LOG_RETENTION_DAYS and only those", async () => {
    const now = new Date(Date.now() + 40 * DAY);
    await purgeOldApiLog(new Date(Date.now() + 30 * DAY)); // days 30 to 37 exist now
    await insertAt(new Date(Date.now() + 31 * DAY));
    const restore = overrideEnv({ API_LOG_RETENTION_DAYS: "7" });
    try {
      // Cut-off: day 33. Days 30 to 32 (and everything before) go; 33 onwards stay.
      const purge = await purgeOldApiLog(now);
      const remaining = await partitionNames();
      for (const name of purge.dropped) expect(remaining).not.toContain(name);
      expect(purge.dropped).toContain(partitionName("api_request_logs", utcDay(new Date(Date.now() + 31 * DAY))));
      expect(remaining).toContain(partitionName("api_request_logs", utcDay(new Date(now.getTime() - 6 * DAY))));
      const pool = await getPool();
      expect((await pool.query(`SELECT count(*)::int AS n FROM api_request_logs`)).rows).toEqual([{ n: 0 }]);
    } finally {
      restore();
    }
  });

  it("are maintained through MIGRATION_DATABASE_URL when it is set, never the app's pooled address", async () => {
    const restore = overrideEnv({ MIGRATION_DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere" });
    try {
      await expect(purgeOldApiLog()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      restore();
    }
  });
});
