import { describe, expect, it } from "vitest";
import { splitSqlStatements } from "@/server/db/sql-statements";

describe("splitSqlStatements", () => {
  it("splits on semicolons between statements and drops empty and comment-only pieces", () => {
    expect(splitSqlStatements("-- head\nCREATE TABLE a (id int);\n\n;  /* only a comment */ ;SELECT 1")).toEqual(["-- head\nCREATE TABLE a (id int)", "SELECT 1"]);
  });

  it("keeps semicolons inside quotes, identifiers, comments and dollar quotes", () => {
    const sql = [
      `INSERT INTO t VALUES ('a;b', 'it''s;', E'x\\';y')`,
      `CREATE TABLE "we;ird" (id int) -- a comment; not a statement end
  CHECK (true)`,
      `/* outer /* nested; */ still; */ SELECT 2`,
      `DO $$ BEGIN PERFORM 1; END $$`,
      `CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $$ not the end; $body$ LANGUAGE sql`,
      `SELECT $1::int`,
    ];
    expect(splitSqlStatements(sql.join(";\n") + ";")).toEqual(sql);
  });

  it("refuses unterminated quotes instead of guessing", () => {
    expect(() => splitSqlStatements("SELECT 'open")).toThrow(/Unterminated/);
    expect(() => splitSqlStatements("DO $$ BEGIN")).toThrow(/Unterminated/);
    expect(() => splitSqlStatements("SELECT 1 /* open")).toThrow(/Unterminated/);
  });
});
