import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { refundAbandonedCreations } from "@/server/services/otp/refund-abandoned";
import { expectLedgerBalanced, newMerchant, requestOtp, saldoOf } from "../harness/v3-fixtures";

describe("abandoned creations", () => {
  it("refunds a creation left pending and charged for over 10 minutes, exactly once, and leaves recent or finished ones alone", async () => {
    const m = await newMerchant({ saldo: 2000 });
    const stuck = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    const fine = await requestOtp(m.key, { channel: "sms", destination: "6281234567891" });
    const inbound = await requestOtp(m.key, { channel: "whatsapp_inbound" });
    const db = await getDb();
    // As if the process died after reserving the price and before recording the outcome.
    await db.otpTransaction.update({ where: { otpId: stuck.body.data!.otp_id as string }, data: { status: "pending" } });
    await db.otpDelivery.updateMany({ where: { otp: { otpId: stuck.body.data!.otp_id as string } }, data: { status: "pending", sentAt: null } });
    await db.otpTransaction.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
    await db.otpDelivery.updateMany({ where: { otp: { merchantId: m.id } }, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
    expect(await saldoOf(m.id)).toBe(2000 - 450 - 450 - 300);

    expect(await Promise.all([refundAbandonedCreations(), refundAbandonedCreations()]).then((r) => r[0] + r[1])).toBe(1);
    expect(await refundAbandonedCreations()).toBe(0);
    expect(await saldoOf(m.id)).toBe(2000 - 450 - 300);
    const rows = await db.otpTransaction.findMany({ where: { merchantId: m.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.otpId, r.status])).toEqual([
      [stuck.body.data!.otp_id, "failed"],
      [fine.body.data!.otp_id, "sent"],
      [inbound.body.data!.otp_id, "pending"],
    ]);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const deliveries = await db.otpDelivery.findMany({ where: { otp: { otpId: stuck.body.data!.otp_id as string } } });
    expect(deliveries.map((d) => [d.status, d.charged, d.failureReason])).toEqual([["failed", false, "abandoned"]]);
  });

  it("leaves a pending creation younger than 10 minutes alone", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId: res.body.data!.otp_id as string }, data: { status: "pending" } });
    await db.otpDelivery.updateMany({ where: { otp: { otpId: res.body.data!.otp_id as string } }, data: { status: "pending", sentAt: null } });
    expect(await refundAbandonedCreations()).toBe(0);
  });
});
