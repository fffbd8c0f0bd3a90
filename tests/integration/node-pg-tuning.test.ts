// node-pg tuned (src/server/db/node-pg-tuning.mjs): its RowDescription parsed once per
// distinct message, its empty row built once per column list, a plain config copied with a
// spread, a short ASCII string's bytes written by hand, a Date and an array of strings
// formatted without node-pg's padStart and replaces. The rows must be what node-pg makes,
// column by column, parsed by the parsers in force for that query, each row an object of its
// own, and the caller's config untouched; the parameters must be the bytes node-pg's own code
// writes (an untouched copy of its modules, loaded apart) and arrive in PostgreSQL as given.
import { createRequire } from "node:module";
import pg from "pg";
import { serialize } from "pg-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tuneNodePg } from "@/server/db/node-pg-tuning.mjs";
import { databaseUrl } from "../harness/per-file-database";

let pool: pg.Pool;
const require = createRequire(import.meta.url);

/** A module as node-pg ships it: a fresh instance, loaded past the cache (its dependencies shared). */
function untouched<T>(id: string): T {
  const file = require.resolve(id);
  const cached = require.cache[file];
  delete require.cache[file];
  try {
    return require(file) as T;
  } finally {
    if (cached) require.cache[file] = cached;
    else delete require.cache[file];
  }
}
type Utils = { prepareValue: (value: unknown) => unknown };
type BufferWriter = { addInt32PrefixedString(s: string): BufferWriter; addCString(s: string): BufferWriter; flush(code?: number): Buffer };
type WriterClass = new () => BufferWriter;
/** The modules node-pg loads, tuned. */
const utils = require("pg/lib/utils.js") as Utils;
type Templated = pg.QueryResult & { _prebuiltEmptyResultObject: object };

beforeAll(() => {
  tuneNodePg();
  // A second call (another bundle of the same code) must not wrap the methods again.
  tuneNodePg();
  pg.defaults.parseInputDatesAsUTC = true;
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

  describe("parameters", () => {
    const own = untouched<Utils>("pg/lib/utils.js");
    const { Writer: OwnWriter } = untouched<{ Writer: WriterClass }>("pg-protocol/dist/buffer-writer.js");
    const { Writer } = require("pg-protocol/dist/buffer-writer.js") as { Writer: WriterClass };
    const longAscii = "a".repeat(256);
    const strings = ["", "0", "sent", "KQ2JXH8R2M", "Kode OTP Anda: 123456", 'quote " and \\ backslash', longAscii, `${longAscii}b`, "caf\u00e9", "emoji \u{1F600}", `${"x".repeat(255)}\u00e9`, "\u007f\u0000"];

    it("are node-pg's own text for strings, Dates, arrays and everything else", () => {
      const dates = [new Date(0), new Date(Date.UTC(2026, 10, 29, 8, 5, 3, 7)), new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)), new Date(Date.UTC(10000, 0, 1)), new Date(-1), new Date(Date.UTC(-5, 0, 1))];
      const arrays = [[], ["a", "b"], ['with "quote"', "back\\slash", "both \\\""], [null, undefined, "x"], [1, 2.5, -3], [["a", null], ["b"]], [new Date(0), "mixed"], [true, false], [{ json: 1 }], [Buffer.from("hi")], [10n]];
      const others = [null, undefined, 0, 42, -1.5, true, false, 10n, { a: [1, "b"] }, Buffer.from([1, 2]), { toPostgres: () => "custom" }];
      // As the app binds them (src/server/db/client.ts), and in local time, which stays node-pg's.
      for (const asUtc of [true, false]) {
        pg.defaults.parseInputDatesAsUTC = asUtc;
        for (const value of [...strings, ...dates, ...arrays, ...others]) {
          expect(utils.prepareValue(value), `${String(value)}, UTC ${asUtc}`).toEqual(own.prepareValue(value));
        }
      }
      pg.defaults.parseInputDatesAsUTC = true;
      expect(utils.prepareValue(dates[1])).toBe("2026-11-29T08:05:03.007+00:00");
      // The replacements are installed where node-pg and pg-protocol look them up.
      expect([utils.prepareValue.name, Writer.prototype.addInt32PrefixedString.name, Writer.prototype.addCString.name]).toEqual(["preparedValue", "shortAsciiPrefixed", "shortAsciiCString"]);
    });

    it("are the bytes node-pg's own writer writes, length prefix and terminator included, however the string is made", () => {
      const made = ["KQ2" + "JXH".toLowerCase() + String(8), ["a", "b", "c"].join(",")];
      for (const s of [...strings.filter(Boolean), ...made]) {
        const tuned = new Writer();
        const reference = new OwnWriter();
        tuned.addInt32PrefixedString(s).addCString(s);
        reference.addInt32PrefixedString(s).addCString(s);
        expect(tuned.flush(0x42).equals(reference.flush(0x42)), JSON.stringify(s)).toBe(true);
      }
      const empty = new Writer().addCString("");
      expect(empty.flush(0x42)).toEqual(new OwnWriter().addCString("").flush(0x42));
      // Many short strings: the buffer grows past its first 256 bytes mid-message.
      const tuned = new Writer();
      const reference = new OwnWriter();
      for (let i = 0; i < 100; i++) {
        tuned.addInt32PrefixedString(`value-${i}`);
        reference.addInt32PrefixedString(`value-${i}`);
      }
      expect(tuned.flush(0x42).equals(reference.flush(0x42))).toBe(true);
      const bound = serialize.bind({ statement: "s", values: ["a", null, new Date(0), ["x", 'y"'], Buffer.from([7])], valueMapper: utils.prepareValue });
      expect(bound).toEqual(serialize.bind({ statement: "s", values: ["a", null, new Date(0), ["x", 'y"'], Buffer.from([7])], valueMapper: own.prepareValue }));
    });

    it("arrive in PostgreSQL as given", async () => {
      const when = new Date(Date.UTC(2026, 10, 29, 23, 59, 59, 123));
      const { rows } = await pool.query({
        name: "tuned-parameters",
        text: "SELECT $1::text AS short, $2::text AS long, $3::text AS accented, $4::timestamptz AS at, $5::date::text AS day, $6::text[] AS list, $7::text[] AS nested_empty, $8::int[] AS ints",
        values: ["KQ2JXH8R2M", `${longAscii}z`, "Kode \u00e9 \u{1F600}", when, when, ['a "b"', "c\\d", null, ""], [], [1, 2, 3]],
      });
      expect(rows[0]).toEqual({ short: "KQ2JXH8R2M", long: `${longAscii}z`, accented: "Kode \u00e9 \u{1F600}", at: when, day: "2026-11-29", list: ['a "b"', "c\\d", null, ""], nested_empty: [], ints: [1, 2, 3] });
    });
  });
});
