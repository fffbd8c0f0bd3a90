import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseUrl } from "../harness/per-file-database";

// Every row a creation, a verification or their events insert used to lock the merchant's
// row FOR KEY SHARE through its foreign key; one busy merchant's concurrent creations turned
// those locks into MultiXacts on the row its saldo lives in (docs/performance.md).
const HOT_TABLES = ["otp_transactions", "otp_deliveries", "ledger_entries", "idempotency_keys", "sandbox_messages", "webhook_events"];

describe("the /v3 hot path and the merchant's row", () => {
  it("no table a creation or verification inserts into references merchants, so no insert locks the merchant's row", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ child: string; name: string }>(
        `SELECT conrelid::regclass::text AS child, conname AS name FROM pg_constraint
         WHERE contype = 'f' AND confrelid = 'merchants'::regclass ORDER BY 1`,
      );
      expect(rows.filter((r) => HOT_TABLES.includes(r.child))).toEqual([]);
      // The guard looks at the right catalogue: the tables off the hot path still reference merchants.
      expect(rows.map((r) => r.child)).toEqual(expect.arrayContaining(["api_keys", "topups", "webhook_endpoints"]));
    } finally {
      await client.end();
    }
  });
});
