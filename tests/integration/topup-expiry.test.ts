import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { expireOverdueTopups } from "@/server/services/topups/expire";
import { getHostedTopup } from "@/server/services/topups/hosted-page";
import { createTopupOk, makeOverdue, pageStatus, topupRow } from "../harness/topup-fixtures";
import { newMerchant, saldoOf } from "../harness/v3-fixtures";

const THREE_HOURS = 3 * 3600_000;

describe("top-up expiry", () => {
  it("the sweep expires Pending top-ups whose 3 hours have passed, and only those", async () => {
    const m = await newMerchant();
    const overdue = await createTopupOk(m.key, { amount: 10000 });
    const fresh = await createTopupOk(m.key, { amount: 10000 });
    await makeOverdue(overdue.topup_id);
    expect(await expireOverdueTopups()).toBe(1);
    expect((await topupRow(overdue.topup_id)).status).toBe("Expired");
    expect((await topupRow(fresh.topup_id)).status).toBe("Pending");
  });

  it("the sweep honours the given now: nothing before 3 hours, everything at 3 hours", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const expiresAt = (await topupRow(invoice.topup_id)).expiresAt.getTime();
    expect(await expireOverdueTopups(new Date(expiresAt - 1))).toBe(0);
    expect(await expireOverdueTopups(new Date(expiresAt))).toBe(1);
    expect(await expireOverdueTopups(new Date(expiresAt + THREE_HOURS))).toBe(0);
  });

  it("the sweep leaves Paid and Failed top-ups alone", async () => {
    const m = await newMerchant();
    const paid = await createTopupOk(m.key, { amount: 10000 });
    const failed = await createTopupOk(m.key, { amount: 10000 });
    const db = await getDb();
    await db.topup.update({ where: { topupId: paid.topup_id }, data: { status: "Paid" } });
    await db.topup.update({ where: { topupId: failed.topup_id }, data: { status: "Failed" } });
    expect(await expireOverdueTopups(new Date(Date.now() + 2 * THREE_HOURS))).toBe(0);
    expect((await topupRow(paid.topup_id)).status).toBe("Paid");
    expect((await topupRow(failed.topup_id)).status).toBe("Failed");
  });

  it("reading an overdue top-up expires it (lazily, without the sweep)", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await makeOverdue(invoice.topup_id);
    const res = await pageStatus(invoice.topup_id, invoice.payment_hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Expired", remaining_seconds: 0 });
    expect((await topupRow(invoice.topup_id)).status).toBe("Expired");
  });

  it("an expired top-up no longer offers its QR or VA instructions", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000, payment_method_id: 2 });
    const now = new Date();
    expect((await getHostedTopup(invoice.topup_id, invoice.payment_hash, now))!.instructions).toMatchObject({ va_bank: "BCA" });
    const later = new Date(now.getTime() + THREE_HOURS + 1000);
    const view = await getHostedTopup(invoice.topup_id, invoice.payment_hash, later);
    expect(view).toMatchObject({ status: "Expired", instructions: null, remaining_seconds: 0 });
  });

  it("expiry credits nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await makeOverdue(invoice.topup_id);
    await expireOverdueTopups();
    expect(await saldoOf(m.id)).toBe(0);
  });
});
