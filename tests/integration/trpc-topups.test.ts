// The balance screen's top-up procedures: the same invoices as /v3/topups, scoped to the signed-in merchant.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { settleTopup } from "@/server/services/topups/settle";
import { callerFor } from "../harness/trpc";


async function merchant(email: string) {
  const created = await createMerchant({ name: email, email, password: "password-123" });
  const db = await getDb();
  const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id } });
  return { id: row.id, caller: callerFor({ merchantPublicId: created.merchant_id }) };
}

describe("tRPC top-ups", () => {
  it("creates an invoice with a signed hosted-page link and lists only the signed-in merchant's top-ups", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    const invoice = await a.caller.topups.create({ amount: 100000 });
    expect(invoice).toMatchObject({ amount: 100000, status: "Pending" });
    expect(invoice.payment_url).toContain(`/topup/${invoice.topup_id}?hash=`);
    expect((await a.caller.topups.list({})).items.map((t) => t.topup_id)).toEqual([invoice.topup_id]);
    expect((await b.caller.topups.list({})).items).toEqual([]);
  });

  it("shows a settled top-up as Paid and the credit in saldo", async () => {
    const a = await merchant("a@x.id");
    const invoice = await a.caller.topups.create({ amount: 10000 });
    await settleTopup(invoice.topup_id, { source: "operator" });
    expect((await a.caller.topups.list({})).items[0].status).toBe("Paid");
    expect((await a.caller.reports.ledger({ limit: 20 })).saldo).toBe(10000);
  });

  it("pages through top-ups newest first with a cursor, each exactly once", async () => {
    const a = await merchant("a@x.id");
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await a.caller.topups.create({ amount: 10000 })).topup_id);
    const first = await a.caller.topups.list({ limit: 2 });
    const second = await a.caller.topups.list({ limit: 2, cursor: first.nextCursor! });
    const third = await a.caller.topups.list({ limit: 2, cursor: second.nextCursor! });
    expect([...first.items, ...second.items, ...third.items].map((t) => t.topup_id)).toEqual(created.reverse());
    expect(third.nextCursor).toBeNull();
  });

  it("offers each active method that takes the package, in sort order, with its admin fee and total", async () => {
    const a = await merchant("a@x.id");
    const methods = await a.caller.topups.methods({ amount: 100000 });
    expect(methods.map((m) => m.name)).toEqual(["QRIS", "BCA Virtual Account", "BNI Virtual Account", "Mandiri Virtual Account", "BRI Virtual Account"]);
    // The code picks each method's logo (paymentMethodLogo).
    expect(methods.map((m) => m.code)).toEqual(["QRIS", "BCA_VA", "BNI_VA", "MANDIRI_VA", "BRI_VA"]);
    expect(methods[0]).toMatchObject({ type: "qr", admin_fee: 700, payment_total: 100700 }); // 0.7%
    expect(methods[1]).toMatchObject({ type: "va", admin_fee: 4000, payment_total: 104000 }); // flat Rp 4.000
  });

  it("leaves out inactive methods and methods whose limits exclude the package", async () => {
    const a = await merchant("a@x.id");
    const db = await getDb();
    await db.paymentMethod.update({ where: { code: "BNI_VA" }, data: { active: false } });
    await db.paymentMethod.update({ where: { code: "QRIS" }, data: { maxAmount: 1000000 } });
    await db.paymentMethod.update({ where: { code: "BRI_VA" }, data: { minAmount: 500000 } });
    expect((await a.caller.topups.methods({ amount: 2000000 })).map((m) => m.name)).toEqual(["BCA Virtual Account", "Mandiri Virtual Account", "BRI Virtual Account"]);
    expect((await a.caller.topups.methods({ amount: 10000 })).map((m) => m.name)).toEqual(["QRIS", "BCA Virtual Account", "Mandiri Virtual Account"]);
  });

  it("creates the invoice with the method picked, for exactly the total the picker showed", async () => {
    const a = await merchant("a@x.id");
    const mandiri = (await a.caller.topups.methods({ amount: 500000 })).find((m) => m.name === "Mandiri Virtual Account")!;
    const invoice = await a.caller.topups.create({ amount: 500000, paymentMethodId: mandiri.payment_method_id });
    expect(invoice).toMatchObject({ payment_method_id: mandiri.payment_method_id, payment_type: "va", payment_total: mandiri.payment_total });
  });

  it("refuses a package that is not on offer with BAD_REQUEST", async () => {
    const a = await merchant("a@x.id");
    await expect(a.caller.topups.methods({ amount: 12345 as never })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Pilih salah satu paket isi saldo.") });
  });

  it("treats a cursor past any id as the first page, and refuses one too long to be an id with BAD_REQUEST", async () => {
    const a = await merchant("a@x.id");
    const { topup_id } = await a.caller.topups.create({ amount: 10000 });
    expect((await a.caller.topups.list({ cursor: "999999999999999999" })).items.map((t) => t.topup_id)).toEqual([topup_id]);
    expect((await a.caller.webhooks.events({ cursor: 2 ** 40 })).items).toEqual([]);
    for (const list of [
      () => a.caller.topups.list({ cursor: "99999999999999999999999" }),
      () => a.caller.reports.ledger({ cursor: "99999999999999999999999" }),
      () => a.caller.reports.sandboxInbox({ cursor: "99999999999999999999999" }),
      () => a.caller.reports.transactions({ cursor: "99999999999999999999999" }),
    ]) {
      await expect(list()).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Kursor halaman tidak valid.") });
    }
  });

  it("shows a payment in the saldo, the top-up list and the ledger together, never one without the others", async () => {
    const a = await merchant("a@x.id");
    const invoices = [];
    for (let i = 0; i < 6; i++) invoices.push((await a.caller.topups.create({ amount: 10000 })).topup_id);
    const page = { topups: { limit: 10 }, ledger: { limit: 20 } };
    const views: Awaited<ReturnType<typeof a.caller.topups.balance>>[] = [];
    const readUntilSettled = async () => {
      for (let i = 0; i < 12; i++) views.push(await a.caller.topups.balance(page));
    };
    await Promise.all([...invoices.map((id) => settleTopup(id, { source: "operator" })), readUntilSettled(), readUntilSettled()]);
    views.push(await a.caller.topups.balance(page));
    for (const view of views) {
      const paid = view.topups.items.filter((t) => t.status === "Paid").length;
      expect(view.saldo).toBe(paid * 10000);
      expect(view.ledger.items.length).toBe(paid);
    }
    expect(views.at(-1)!.saldo).toBe(60000);
  });

  it("shows an overdue invoice as expired on the balance screen, with no way to pay it", async () => {
    const a = await merchant("a@x.id");
    const { topup_id } = await a.caller.topups.create({ amount: 10000 });
    const db = await getDb();
    await db.topup.update({ where: { topupId: topup_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const view = await a.caller.topups.balance({ topups: {}, ledger: {} });
    expect(view.topups.items[0]).toMatchObject({ topup_id, status: "Expired", payment_method: "QRIS", payment_method_code: "QRIS" });
    expect((await db.topup.findUniqueOrThrow({ where: { topupId: topup_id } })).status).toBe("Expired");
  });
});
