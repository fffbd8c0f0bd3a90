// "Money moves only in the ledger module": no file under src/ but
// services/credits/ledger.ts may write SQL (or Prisma calls) that changes
// merchants.saldo or adds a ledger row.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const LEDGER_MODULE = "src/server/services/credits/ledger.ts";
const SCANNED = /\.(ts|tsx|mts|mjs|js|cjs)$/;

/** Each rule: a way of changing saldo or writing a ledger row, in SQL or through Prisma. */
const MONEY_WRITES: { name: string; find: (text: string) => string[] }[] = [
  {
    name: "UPDATE merchants … saldo",
    // From the UPDATE to where its SET list must have ended: saldo named there is a saldo change.
    find: (text) => matches(text, /\bUPDATE\s+(?:ONLY\s+)?(?:"?public"?\.)?(?:"merchants"|merchants\b)(?:\s+(?:AS\s+)?\w+)?\s+SET\b[\s\S]*?(?=\bWHERE\b|\bRETURNING\b|\bFROM\b|;|`|$)/gi).filter((m) => /\bsaldo\b/i.test(m)),
  },
  { name: "INSERT INTO ledger_entries", find: (text) => matches(text, /\bINSERT\s+INTO\s+(?:"?public"?\.)?(?:"ledger_entries"|ledger_entries\b)/gi) },
  { name: "Prisma ledgerEntry write", find: (text) => matches(text, /\.ledgerEntry\.(?:create|createMany|createManyAndReturn|upsert|update|updateMany)\s*\(/g) },
  { name: "Prisma saldo arithmetic", find: (text) => matches(text, /\bsaldo\s*:\s*\{\s*(?:increment|decrement|set|multiply|divide)\b/g) },
  { name: "Prisma merchant update with saldo", find: (text) => matches(text, /\.merchant\.(?:update|updateMany|upsert)\s*\(\s*\{[\s\S]{0,400}?\bsaldo\s*:/g) },
];

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return SCANNED.test(entry.name) ? [full] : [];
  });
}

/** "file: rule" for every money write found in `files` (paths relative to the repository). */
function moneyWrites(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => MONEY_WRITES.filter((rule) => rule.find(text).length > 0).map((rule) => `${file}: ${rule.name}`));
}

describe("money moves only in the ledger module", () => {
  it("finds no saldo update or ledger insert outside services/credits/ledger.ts", () => {
    const files = sourceFiles(path.join(ROOT, "src"))
      .map((full) => ({ file: path.relative(ROOT, full).split(path.sep).join("/"), text: readFileSync(full, "utf8") }))
      .filter(({ file }) => file !== LEDGER_MODULE);
    expect(moneyWrites(files)).toEqual([]);
  });

  it("sees the ledger module's own writes (the scan is not blind)", () => {
    const text = readFileSync(path.join(ROOT, LEDGER_MODULE), "utf8");
    expect(moneyWrites([{ file: LEDGER_MODULE, text }])).not.toEqual([]);
  });

  it.each([
    ["UPDATE merchants SET saldo = saldo - $1 WHERE id = $2"],
    ['update "merchants" m set updated_at = now(), saldo = m.saldo + 5 where m.id = 1'],
    ["UPDATE merchants\n  SET updated_at = now(),\n      saldo = saldo + ${amount}\n  WHERE id = 1"],
    ["INSERT INTO ledger_entries (merchant_id, amount) VALUES (1, 2)"],
    ['insert into "ledger_entries" (merchant_id) select 1'],
    ["await tx.ledgerEntry.create({ data })"],
    ["await db.merchant.update({ where: { id }, data: { saldo: { increment: 5 } } })"],
    ["await tx.merchant.update({ where: { id }, data: { saldo: 5n } })"],
  ])("catches %j", (snippet) => {
    expect(moneyWrites([{ file: "x.ts", text: snippet }])).not.toEqual([]);
  });

  it.each([
    ["SELECT saldo FROM merchants WHERE id = $1"],
    ["UPDATE merchants SET name = $1 WHERE saldo > 0"],
    ["SELECT SUM(amount) FROM ledger_entries"],
    ["await tx.ledgerEntry.findMany({ where })"],
    ["await tx.merchant.update({ where: { id }, data: { name } })"],
  ])("leaves reads and other updates alone: %j", (snippet) => {
    expect(moneyWrites([{ file: "x.ts", text: snippet }])).toEqual([]);
  });
});
