import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { settleTopup } from "@/server/services/topups/settle";
import { CLI_TEST_TIMEOUT_MS, otpctl } from "../harness/otpctl";
import { databaseUrl } from "../harness/per-file-database";
import { createTopupOk, makeOverdue, topupLedgerEntries, topupRow } from "../harness/topup-fixtures";
import { expectLedgerBalanced, newMerchant, saldoOf } from "../harness/v3-fixtures";

describe("top-up settlement", () => {
  it("Pending → Paid credits amount, not payment_total, through one ledger entry", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    expect(invoice.payment_total).toBe(100700);
    const result = await settleTopup(invoice.topup_id, { source: "gateway" });
    expect(result.credited).toBe(true);
    expect(result.topup.status).toBe("Paid");
    expect(await saldoOf(m.id)).toBe(101000);
    const entries = await topupLedgerEntries(invoice.topup_id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ merchantId: m.id, amount: 100000n, balanceAfter: 101000n });
    expect((await topupRow(invoice.topup_id)).paidAt).toBeInstanceOf(Date);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("settling a Paid top-up again changes nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await settleTopup(invoice.topup_id, { source: "gateway" });
    const paidAt = (await topupRow(invoice.topup_id)).paidAt;
    const again = await settleTopup(invoice.topup_id, { source: "gateway" });
    expect(again.credited).toBe(false);
    expect(again.topup.status).toBe("Paid");
    expect((await topupRow(invoice.topup_id)).paidAt).toEqual(paidAt);
    expect(await saldoOf(m.id)).toBe(10000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
  });

  it("10 concurrent settlements credit once and keep the ledger balanced", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 500000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => settleTopup(invoice.topup_id, { source: "gateway" })));
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(results.every((r) => r.topup.status === "Paid")).toBe(true);
    expect(await saldoOf(m.id)).toBe(500000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("a payment arriving after expiry is still credited (the money was received)", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const db = await getDb();
    await db.topup.update({ where: { topupId: invoice.topup_id }, data: { status: "Expired", expiresAt: new Date(Date.now() - 60_000) } });
    const result = await settleTopup(invoice.topup_id, { source: "gateway" });
    expect(result).toMatchObject({ credited: true, previousStatus: "Expired" });
    expect(await saldoOf(m.id)).toBe(10000);
  });

  it("a payment on an overdue invoice not yet swept is credited too", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await makeOverdue(invoice.topup_id);
    expect((await settleTopup(invoice.topup_id, { source: "gateway" })).credited).toBe(true);
    expect(await saldoOf(m.id)).toBe(10000);
  });

  it("settling an unknown top-up is NOT_FOUND and moves no money", async () => {
    await expect(settleTopup("TC20250101NOPE0000", { source: "operator" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("otpctl topup pay", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const env = { DATABASE_URL: databaseUrl };

  it("prints the top-up, now Paid, and credits the merchant", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    const result = await otpctl(["topup", "pay", invoice.topup_id, "--json"], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0]);
    expect(printed).toMatchObject({ topup_id: invoice.topup_id, status: "Paid", amount: 100000, payment_total: 100700, merchant_id: m.merchantId });
    expect(printed.paid_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await saldoOf(m.id)).toBe(100000);
  });

  it("paying a Paid top-up again changes nothing and prints it", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const first = JSON.parse((await otpctl(["topup", "pay", invoice.topup_id, "--json"], env)).stdout);
    const second = await otpctl(["topup", "pay", invoice.topup_id, "--json"], env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(first);
    expect(await saldoOf(m.id)).toBe(10000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
  });

  it("an unknown top-up id is an error on stderr with a non-zero exit", async () => {
    const result = await otpctl(["topup", "pay", "TC20250101NOPE0000", "--json"], env);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("tidak ditemukan");
  });
});
