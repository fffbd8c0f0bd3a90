// The webhook tables' ids go from 32 to 64 bits by twin columns, a batched copy and a
// short swap (the migration's own header): rows written before it keep their ids and
// links, and ids past 2^31 work afterwards.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { scratchDatabasesPerTest } from "../harness/scratch-database";

const { scratch, afterThisTest } = scratchDatabasesPerTest();
const WIDENING = "20261126100000_webhook_bigint_ids";

describe("webhook ids become bigint", () => {
  it("keeps every existing row, id and link, and hands out ids past 2^31 afterwards", async () => {
    const url = await scratch();
    const all = readMigrations();
    await migrate(url, all.filter((m) => m.name < WIDENING));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    afterThisTest(() => c.end());
    await c.query(`
      INSERT INTO webhook_events (event_id, merchant_id, type, payload) SELECT 'evt_' || g, 1, 'otp.verified', '{}' FROM generate_series(1, 12000) g;
      INSERT INTO webhook_deliveries (event_id, url, updated_at) SELECT id, 'https://example.com/hook', now() FROM webhook_events WHERE id % 3 = 0;
      INSERT INTO webhook_attempts (delivery_id, attempt_number) SELECT id, 1 FROM webhook_deliveries;
      SELECT setval('webhook_events_id_seq', 2147483640);`);
    const before = (await c.query(`SELECT d.id::text, d.event_id::text, e.event_id AS name FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id ORDER BY d.id`)).rows;

    expect((await migrate(url, all)).applied).toContain(WIDENING);

    const types = await c.query(`
      SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_name IN ('webhook_events', 'webhook_deliveries', 'webhook_attempts') AND column_name IN ('id', 'event_id', 'delivery_id')
      ORDER BY 1, 2`);
    expect(types.rows.filter((r) => !(r.table_name === "webhook_events" && r.column_name === "event_id"))).toEqual([
      { table_name: "webhook_attempts", column_name: "delivery_id", data_type: "bigint" },
      { table_name: "webhook_attempts", column_name: "id", data_type: "bigint" },
      { table_name: "webhook_deliveries", column_name: "event_id", data_type: "bigint" },
      { table_name: "webhook_deliveries", column_name: "id", data_type: "bigint" },
      { table_name: "webhook_events", column_name: "id", data_type: "bigint" },
    ]);
    expect((await c.query(`SELECT d.id::text, d.event_id::text, e.event_id AS name FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id ORDER BY d.id`)).rows).toEqual(before);
    expect((await c.query(`SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id`)).rows).toEqual([{ n: 4000 }]);
    const constraints = await c.query(`SELECT conname, convalidated FROM pg_constraint WHERE conrelid IN ('webhook_deliveries'::regclass, 'webhook_attempts'::regclass) AND contype IN ('f', 'c', 'p') ORDER BY 1`);
    expect(constraints.rows).toEqual([
      { conname: "webhook_attempts_delivery_id_fkey", convalidated: true },
      { conname: "webhook_attempts_pkey", convalidated: true },
      { conname: "webhook_deliveries_endpoint_id_fkey", convalidated: true },
      { conname: "webhook_deliveries_event_id_fkey", convalidated: true },
      { conname: "webhook_deliveries_pkey", convalidated: true },
    ]);
    // Past the old 32-bit limit, through the same default the app's inserts use.
    const ids = (await c.query(`INSERT INTO webhook_events (event_id, merchant_id, type, payload) SELECT 'late_' || g, 1, 't', '{}' FROM generate_series(1, 20) g RETURNING id`)).rows;
    expect(BigInt(ids.at(-1)!.id)).toBeGreaterThan(2n ** 31n);
    const late = ids.at(-1)!.id;
    await c.query(`INSERT INTO webhook_deliveries (event_id, url, updated_at) VALUES ($1, 'https://example.com/hook', now())`, [late]);
    // The helpers the migration used are gone.
    expect((await c.query(`SELECT proname FROM pg_proc WHERE proname IN ('sandi_backfill_twins', 'sandi_prove_not_null', 'sandi_widening_pending')`)).rows).toEqual([]);
    expect((await c.query(`SELECT tgname FROM pg_trigger WHERE tgname = 'sandi_id_big'`)).rows).toEqual([]);
  });
});
