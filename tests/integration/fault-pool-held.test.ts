// DB_POOL_WAIT_MS: a query waits that long for one of the pool's connections, then fails, and
// the request gets the envelope's 500. Before the limit a request behind connections held by
// statements that hang (a lock storm, a server that stopped answering) waited for ever.
// Here the pool has one connection, which the test holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb, getDb, getPool } from "@/server/db/client";
import { overrideEnv } from "../harness/env-override";
import { captureLog } from "../harness/log-lines";
import { account, newMerchant } from "../harness/v3-fixtures";

let restoreEnv: () => void;
beforeAll(async () => {
  await disconnectDb();
  restoreEnv = overrideEnv({ DB_POOL_SIZE: "1", DB_POOL_WAIT_MS: "300" });
});
afterAll(async () => {
  await disconnectDb();
  restoreEnv();
});

describe("a query that finds every connection of the pool taken", () => {
  it("fails after DB_POOL_WAIT_MS: /v3 answers 500 INTERNAL_ERROR, Prisma's reads and transactions throw; once a connection is free, all works again", async () => {
    const m = await newMerchant();
    const held = await (await getPool()).connect();
    const log = captureLog();
    try {
      const answer = await account(m.key);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ success: false, data: null, error: { code: "INTERNAL_ERROR" } });
      const db = await getDb();
      await expect(db.merchant.count()).rejects.toThrow();
      await expect(db.$transaction(async (tx) => tx.merchant.count())).rejects.toThrow();
    } finally {
      log.restore();
      held.release();
    }
    expect(log.lines.find((l) => l.msg === "unhandled error in /v3 handler")?.error).toMatch(/timeout/i);

    const again = await account(m.key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, data: { merchant_id: m.merchantId } });
  });
});
