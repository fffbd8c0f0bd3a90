import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { actualFacts, diffFacts, expectedFacts } from "../harness/schema-drift";
import { databaseUrl } from "../harness/per-file-database";

const schema = readFileSync("prisma/schema.prisma", "utf8");

describe("schema.prisma and the migrations", () => {
  it("describe the same database: tables, columns, types, nullability, enums, indexes and foreign keys", async () => {
    const diff = diffFacts(await expectedFacts(schema), await actualFacts(databaseUrl));
    expect(diff).toEqual({ missingInDatabase: [], notInSchema: [] });
  });

  it("reports a field added to schema.prisma without a migration", async () => {
    const changed = schema.replace("model Merchant {\n", "model Merchant {\n  nickname String?\n");
    const diff = diffFacts(await expectedFacts(changed), await actualFacts(databaseUrl));
    expect(diff.missingInDatabase).toEqual(["column merchants.nickname text null"]);
  });

  it("reports a changed nullability, type or index", async () => {
    const changed = schema
      .replace(/(\n {2}brand +)String\?\n/, "$1String\n")
      .replace(/ {2}@@index\(\[merchantId, createdAt\]\)\n {2}@@index\(\[status, expiresAt\]\)\n {2}@@map\("topups"\)/, '  @@index([status, expiresAt])\n  @@map("topups")');
    expect(changed).not.toBe(schema);
    const diff = diffFacts(await expectedFacts(changed), await actualFacts(databaseUrl));
    expect(diff.missingInDatabase).toContain("column otp_transactions.brand text not null");
    expect(diff.notInSchema).toEqual(expect.arrayContaining(["column otp_transactions.brand text null", "index topups(merchant_id,created_at)"]));
  });
});
