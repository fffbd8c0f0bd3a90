// Every payment method the migrations seed has its logo file in public/, the rule's
// list and the folder agree, and a code without a file gets the generic badge.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PAYMENT_METHOD_LOGO, PAYMENT_METHOD_LOGO_CODES, paymentMethodLogo } from "@/lib/payment-method-logo";

const root = path.resolve(__dirname, "../..");
const logoDir = path.join(root, "public/payment-methods");

/** The codes of every `INSERT INTO "payment_methods"` in the migrations: the first value of each row. */
function seededCodes(): string[] {
  const dir = path.join(root, "prisma/migrations");
  const codes: string[] = [];
  for (const migration of readdirSync(dir).sort()) {
    const file = path.join(dir, migration, "migration.sql");
    if (!existsSync(file)) continue;
    const sql = readFileSync(file, "utf8");
    for (const insert of sql.matchAll(/INSERT INTO "payment_methods"[^;]*?VALUES([\s\S]*?);/g)) {
      for (const row of insert[1].matchAll(/\(\s*'([^']+)'/g)) codes.push(row[1]);
    }
  }
  return codes;
}

const publicFile = (url: string) => path.join(root, "public", url);

describe("payment-method logos", () => {
  it("reads the seeded methods from the migrations", () => {
    expect(seededCodes()).toEqual(expect.arrayContaining(["QRIS", "BCA_VA", "BNI_VA", "MANDIRI_VA", "BRI_VA"]));
  });

  it.each(seededCodes())("seeded method %s has its own logo file in public/", (code) => {
    const url = paymentMethodLogo(code);
    expect(url).toBe(`/payment-methods/${code.toLowerCase()}.svg`);
    expect(existsSync(publicFile(url))).toBe(true);
  });

  it("lists exactly the files in public/payment-methods/ (besides the generic badge)", () => {
    const files = readdirSync(logoDir).filter((f) => f !== "default.svg");
    expect(files.sort()).toEqual(PAYMENT_METHOD_LOGO_CODES.map((c) => `${c.toLowerCase()}.svg`).sort());
  });

  it("falls back to the generic badge, which exists, for a code without a file", () => {
    expect(existsSync(publicFile(DEFAULT_PAYMENT_METHOD_LOGO))).toBe(true);
    for (const code of ["OVO", "PERMATA_VA", "", null, undefined, "../qris", "qris.svg"]) expect(paymentMethodLogo(code)).toBe(DEFAULT_PAYMENT_METHOD_LOGO);
  });

  it("matches the code in any case", () => {
    expect(paymentMethodLogo("bca_va")).toBe("/payment-methods/bca_va.svg");
    expect(paymentMethodLogo(" Qris ")).toBe("/payment-methods/qris.svg");
  });

  it.each(readdirSync(logoDir))("%s is a small, self-contained SVG with a title and a viewBox", (file) => {
    const svg = readFileSync(path.join(logoDir, file), "utf8");
    expect(svg.length).toBeLessThan(2048);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 40"/);
    expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    expect(svg).not.toMatch(/href|url\(|<image|<script|@import/i);
  });
});
