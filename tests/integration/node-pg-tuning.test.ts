// node-pg tuned (src/server/db/node-pg-tuning.mjs): its RowDescription parsed once per
// distinct message, its empty row built once per column list, a plain config copied with a
// spread. The rows must be what node-pg makes, column by column, parsed by the parsers in
// force for that query, each row an object of its own, and the caller's config untouched.
import { createRequire } from "node:module";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tuneNodePg } from "@/server/db/node-pg-tuning.mjs";
import { databaseUrl } from "../harness/per-file-database";

let pool: pg.Pool;
type Templated = pg.QueryResult & { _prebuiltEmptyResultObject: object };

beforeAll(() => {
  tuneNodePg();
  // A second call (another bundle of the same code) must not wrap the methods again.
  tuneNodePg();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
});
afterAll(() => pool.end());

const READ = {
  name: "row-template-read",
  text: `SELECT $1::int AS id, 'sent'::text AS status, NULL::text AS verified_at, '2026-11-29T05:00:00Z'::timestamptz AS expires_at,
           '[{"channel":"sms"}]'::json AS deliveries, ARRAY['sms','voice']::text[] AS fallback, true AS charged`,
};

describe("node-pg, tuned", () => {
  it("patch the pg-protocol node-pg itself loads (one copy, the pinned one)", () => {
    const require = createRequire(import.meta.url);
    const fromPg = createRequire(require.resolve("pg")).resolve("pg-protocol/dist/parser.js");
    expect(fromPg).toBe(require.resolve("pg-protocol/dist/parser.js"));
  });

  it("are the columns' parsed values, and a second query of the same statement reuses the column list and the empty row", async () => {
    const first = (await pool.query({ ...READ, values: [1] })) as Templated;
    const second = (await pool.query({ ...READ, values: [2] })) as Templated;
    const expected = (id: number) => ({
      id,
      status: "sent",
      verified_at: null,
      expires_at: new Date("2026-11-29T05:00:00Z"),
      deliveries: [{ channel: "sms" }],
      fallback: ["sms", "voice"],
      charged: true,
    });
    expect(first.rows).toEqual([expected(1)]);
    expect(second.rows).toEqual([expected(2)]);
    expect(Object.keys(second.rows[0])).toEqual(Object.keys(expected(2)));
    expect(second.fields).toBe(first.fields);
    expect(second.fields.map((f) => [f.name, f.dataTypeID])).toEqual([["id", 23], ["status", 25], ["verified_at", 25], ["expires_at", 1184], ["deliveries", 114], ["fallback", 1009], ["charged", 16]]);
    expect(second._prebuiltEmptyResultObject).toBe(first._prebuiltEmptyResultObject);
    expect(second._prebuiltEmptyResultObject).toEqual({ id: null, status: null, verified_at: null, expires_at: null, deliveries: null, fallback: null, charged: null });
  });

  it("gives each row its own object: changing one changes neither the next query's rows nor the empty row", async () => {
    const first = (await pool.query({ ...READ, values: [3] })) as Templated;
    first.rows[0].status = "changed";
    first.rows[0].extra = "added";
    const second = (await pool.query({ ...READ, values: [4] })) as Templated;
    expect(second.rows[0]).toMatchObject({ id: 4, status: "sent" });
    expect("extra" in second.rows[0]).toBe(false);
    expect(second._prebuiltEmptyResultObject).toMatchObject({ status: null });
    const many = await pool.query("SELECT n, n * 2 AS twice FROM generate_series(1, 3) AS n");
    expect(many.rows).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
      { n: 3, twice: 6 },
    ]);
    expect(new Set(many.rows).size).toBe(3);
  });

  it("keeps another list of columns apart, a repeated name as node-pg has it (the last wins), and no columns at all", async () => {
    const other = await pool.query({ name: "row-template-other", text: "SELECT 'x'::text AS status, 5 AS id" });
    expect(other.rows).toEqual([{ status: "x", id: 5 }]);
    expect(Object.keys(other.rows[0])).toEqual(["status", "id"]);
    const repeated = await pool.query("SELECT 1 AS a, 2 AS a");
    expect(repeated.rows).toEqual([{ a: 2 }]);
    expect((await pool.query("SELECT 1 AS a, 2 AS a")).rows).toEqual([{ a: 2 }]);
    expect((await pool.query("SELECT FROM generate_series(1, 2)")).rows).toEqual([{}, {}]);
  });

  it("leaves the caller's config as it was, and copies a config with accessors as node-pg does", async () => {
    const config = { name: "row-template-config", text: "SELECT $1::int AS n" };
    const frozen = Object.freeze({ ...config, values: [8] });
    expect((await pool.query(config, [9])).rows).toEqual([{ n: 9 }]);
    expect(config).toEqual({ name: "row-template-config", text: "SELECT $1::int AS n" });
    expect((await pool.query(frozen)).rows).toEqual([{ n: 8 }]);
    const withGetter = { get text() { return "SELECT 10 AS n"; } };
    expect((await pool.query(withGetter)).rows).toEqual([{ n: 10 }]);
    expect((await pool.query("SELECT $1::text AS s", ["plain"])).rows).toEqual([{ s: "plain" }]);
  });

  it("parses with the parsers of the query at hand, not those of the query that made the empty row", async () => {
    await pool.query({ ...READ, values: [5] });
    const asText: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => `text:${value}` };
    const custom = await pool.query({ ...READ, values: [6], types: asText });
    expect(custom.rows[0]).toMatchObject({ id: "text:6", charged: "text:t", verified_at: null });
    expect((await pool.query({ ...READ, values: [7] })).rows[0]).toMatchObject({ id: 7, charged: true });
  });
});
