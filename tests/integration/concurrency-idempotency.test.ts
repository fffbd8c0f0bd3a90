// Duplicate external_id storms, larger than v3/create/security.test.ts: many keys at
// once, and duplicates whose parameters differ. Exactly one transaction and one
// charge per external_id, whoever wins the race.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { expectLedgerBalanced, newMerchant, requestOtp, saldoOf } from "../harness/v3-fixtures";

const SMS = 450;

describe("duplicate external_id storms", () => {
  it("turns 10 external_ids × 6 parallel duplicates into exactly 10 transactions and 10 charges", async () => {
    const m = await newMerchant({ saldo: 100_000 });
    await updateMerchant(m.id, { rateLimit: 10_000 });
    // 60 at once: larger storms on a 10-connection pool can wait past Prisma's 2 s transaction start limit (reported separately).
    const calls = Array.from({ length: 60 }, (_, i) => {
      const n = i % 10;
      return requestOtp(m.key, { channel: "sms", destination: `6281377${String(n).padStart(6, "0")}1`, external_id: `order-${n}` }).then((r) => ({ n, r }));
    });
    const results = await Promise.all(calls);
    expect(results.every(({ r }) => r.status === 200)).toBe(true);
    for (let n = 0; n < 10; n++) {
      expect(new Set(results.filter((x) => x.n === n).map((x) => x.r.body.data!.otp_id)).size).toBe(1);
    }
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(10);
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_charge" } })).toBe(10);
    expect(await db.sandboxMessage.count({ where: { merchantId: m.id } })).toBe(10);
    expect(await saldoOf(m.id)).toBe(100_000 - 10 * SMS);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("answers every loser of a storm with different parameters either the winner's transaction or 409 naming it", async () => {
    const m = await newMerchant({ saldo: 100_000 });
    await updateMerchant(m.id, { rateLimit: 10_000 });
    const destinations = ["6281388000001", "6281388000002", "6281388000003"];
    const results = await Promise.all(
      Array.from({ length: 45 }, (_, i) => requestOtp(m.key, { channel: "sms", destination: destinations[i % 3], external_id: "checkout-77" }).then((r) => ({ dest: destinations[i % 3], r }))),
    );
    const db = await getDb();
    const rows = await db.otpTransaction.findMany({ where: { merchantId: m.id } });
    expect(rows).toHaveLength(1);
    const winner = rows[0];
    for (const { dest, r } of results) {
      if (dest === winner.destination) {
        expect(r.status).toBe(200);
        expect(r.body.data!.otp_id).toBe(winner.otpId);
      } else {
        expect(r.status).toBe(409);
        expect(r.body.error).toMatchObject({ code: "DUPLICATE_EXTERNAL_ID", details: { existing_otp_id: winner.otpId } });
      }
    }
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_charge" } })).toBe(1);
    expect(await saldoOf(m.id)).toBe(100_000 - SMS);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("charges nothing for a storm on a balance that cannot pay: every duplicate 402, no transaction, no claim left behind", async () => {
    const m = await newMerchant({ saldo: SMS - 1 });
    await updateMerchant(m.id, { rateLimit: 10_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => requestOtp(m.key, { channel: "sms", destination: "6281399000001", external_id: "poor" })));
    expect(results.every((r) => r.status === 402)).toBe(true);
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await db.idempotencyKey.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await saldoOf(m.id)).toBe(SMS - 1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });
});
