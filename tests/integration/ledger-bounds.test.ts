// The ledger's one rule (services/credits/ledger.ts): a charge never takes saldo below 0,
// money coming in never above MAX_SALDO, and a refund, which returns a charge, is never refused.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { applyLedgerChange, MAX_SALDO } from "@/server/services/credits/ledger";
import { applyDeliveryReceipt } from "@/server/services/delivery/receipts";
import { expectLedgerBalanced, newMerchant, PHONE, requestOtp, saldoOf } from "../harness/v3-fixtures";

describe("ledger bounds", () => {
  it("refuses a credit above MAX_SALDO and a debit below 0, changing nothing", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const db = await getDb();
    await expect(db.$transaction((tx) => applyLedgerChange(tx, { merchantId: m.id, amount: MAX_SALDO, reason: "manual_credit" }))).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(db.$transaction((tx) => applyLedgerChange(tx, { merchantId: m.id, amount: -1001, reason: "manual_debit" }))).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("refunds a failed send even when top-ups have since filled the saldo to MAX_SALDO", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(200);
    const otpId = res.body.data!.otp_id as string;
    const db = await getDb();
    const [send] = await db.otpDelivery.findMany({ where: { otp: { otpId } } });
    await db.$transaction((tx) => applyLedgerChange(tx, { merchantId: m.id, amount: MAX_SALDO - BigInt(1000 - send.price), reason: "manual_credit" }));

    const result = await applyDeliveryReceipt({ provider: send.provider, providerMessageId: send.providerMessageId!, otpId, outcome: "failed" });

    expect(result).toMatchObject({ otp_id: otpId, status: "failed", refunded: true });
    const { saldo } = await db.merchant.findUniqueOrThrow({ where: { id: m.id }, select: { saldo: true } });
    expect(saldo).toBe(MAX_SALDO + BigInt(send.price));
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });
});
