// Money under concurrent load: larger and messier storms than v3/create/security.test.ts
// (two API keys, refunds racing charges, several merchants at once). The invariants:
// saldo never below zero, exactly the affordable number of creations succeed, every
// charge and refund is in the ledger and the ledger sums to saldo.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createApiKey } from "@/server/services/api-keys/api-keys";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { expectLedgerBalanced, newMerchant, requestOtp, saldoOf } from "../harness/v3-fixtures";

const SMS = 450;

function phone(i: number): string {
  return `62813${String(20_000_001 + i * 13).padStart(8, "0")}`;
}

async function ledgerOf(merchantId: number) {
  const db = await getDb();
  return db.ledgerEntry.findMany({ where: { merchantId }, orderBy: { id: "asc" } });
}

describe("parallel creations against a nearly empty balance", () => {
  it("lets exactly 25 of 150 through two API keys with credit for 25 and 449 over: saldo 449, 25 charges, ledger balanced", async () => {
    const m = await newMerchant({ saldo: SMS * 25 + 449 });
    await updateMerchant(m.id, { rateLimit: 10_000 });
    const second = await createApiKey({ id: m.id, livemode: true }, "second");
    const keys = [m.key, second.api_key];
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => requestOtp(keys[i % 2], { channel: "sms", destination: phone(i) })));

    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.error?.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(results.filter((r) => r.status === 402)).toHaveLength(125);
    expect(await saldoOf(m.id)).toBe(449);
    const ledger = await ledgerOf(m.id);
    expect(ledger.filter((e) => e.reason === "otp_charge")).toHaveLength(25);
    expect(ledger.every((e) => e.balanceAfter >= 0n)).toBe(true);
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(25);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("keeps saldo, charges and refunds exact when failed deliveries are refunded while others are charged", async () => {
    const start = SMS * 30;
    const m = await newMerchant({ saldo: start });
    await updateMerchant(m.id, { rateLimit: 10_000 });
    // Every fourth destination ends in 0000: the sandbox fails it and the charge is refunded.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => requestOtp(m.key, { channel: "sms", destination: i % 4 === 0 ? `6281${String(5000 + i).padStart(4, "0")}0000` : phone(i) })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true);

    const db = await getDb();
    const rows = await db.otpTransaction.findMany({ where: { merchantId: m.id } });
    const sent = rows.filter((r) => r.status === "sent");
    const failed = rows.filter((r) => r.status === "failed");
    expect(sent.length + failed.length).toBe(rows.length);
    expect(results.filter((r) => r.status === 200)).toHaveLength(rows.length);
    expect(await saldoOf(m.id)).toBe(start - SMS * sent.length);

    const ledger = await ledgerOf(m.id);
    const charges = new Set(ledger.filter((e) => e.reason === "otp_charge").map((e) => e.reference));
    const refunds = new Set(ledger.filter((e) => e.reason === "otp_refund").map((e) => e.reference));
    expect(charges).toEqual(new Set(rows.map((r) => r.otpId)));
    expect(refunds).toEqual(new Set(failed.map((r) => r.otpId)));
    expect(failed.every((r) => r.charged === false) && sent.every((r) => r.charged === true)).toBe(true);
    expect(ledger.every((e) => e.balanceAfter >= 0n)).toBe(true);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("keeps each merchant's money separate when several merchants drain their balances at once", async () => {
    const merchants = await Promise.all([3, 5, 7, 0].map((n) => newMerchant({ saldo: SMS * n + 100 })));
    for (const m of merchants) await updateMerchant(m.id, { rateLimit: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => {
        const m = merchants[i % merchants.length];
        return requestOtp(m.key, { channel: "sms", destination: phone(i) }).then((r) => ({ m, r }));
      }),
    );
    for (const [index, n] of [3, 5, 7, 0].entries()) {
      const m = merchants[index];
      expect(results.filter((x) => x.m === m && x.r.status === 200)).toHaveLength(n);
      expect(await saldoOf(m.id)).toBe(100);
      expect(await expectLedgerBalanced(m.id)).toBe(true);
    }
  });
});
