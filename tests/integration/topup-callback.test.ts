import { describe, expect, it } from "vitest";
import { POST as xenditHook } from "@/app/api/hooks/xendit/route";
import type { TopupInvoiceData } from "@/schemas/v3/topups";
import { createTopupOk, postXenditCallback, topupLedgerEntries, topupRow, useXenditGateway, XENDIT_TEST_TOKEN } from "../harness/topup-fixtures";
import { expectLedgerBalanced, newMerchant, saldoOf } from "../harness/v3-fixtures";

const TOKEN = XENDIT_TEST_TOKEN;

/** The virtual account or QR code id Xendit issued for the invoice, which its callbacks name. */
async function instrumentOf(invoice: TopupInvoiceData): Promise<string> {
  return (await topupRow(invoice.topup_id)).gatewayReference!;
}

async function vaPaid(invoice: TopupInvoiceData, amount: number = invoice.payment_total, paymentId = "pay_1") {
  return {
    id: "57fb4e076fa3fa296b7f5a97",
    payment_id: paymentId,
    callback_virtual_account_id: await instrumentOf(invoice),
    owner_id: "sim_owner",
    external_id: invoice.topup_id,
    account_number: "8860810000001",
    bank_code: "BCA",
    amount,
    merchant_code: "88608",
    transaction_timestamp: new Date().toISOString(),
    created: new Date().toISOString(),
    updated: new Date().toISOString(),
  };
}

async function qrPayment(invoice: TopupInvoiceData, amount: number = invoice.payment_total, status = "SUCCEEDED", data: Record<string, unknown> = {}) {
  return {
    event: "qr.payment",
    api_version: "2022-07-31",
    business_id: "sim_business",
    created: new Date().toISOString(),
    data: {
      id: "qrpy_1",
      qr_id: await instrumentOf(invoice),
      reference_id: invoice.topup_id,
      type: "DYNAMIC",
      currency: "IDR",
      amount,
      status,
      channel_code: "ID_DANA",
      created: new Date().toISOString(),
      ...data,
    },
  };
}

/** Posts raw bytes, so a test controls the exact body and Content-Length the hook receives. */
async function postRawXenditCallback(body: BodyInit, headers: Record<string, string> = {}) {
  const response = await xenditHook(
    new Request("http://localhost:3000/api/hooks/xendit", { method: "POST", headers: { "content-type": "application/json", "x-callback-token": TOKEN, ...headers }, body, duplex: "half" } as RequestInit),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("Xendit payment callback", () => {
  // Invoices are issued by Xendit (its local simulator), as in production: a callback must name the gateway that issued the invoice.
  const xendit = useXenditGateway();

  it("a fixed-VA payment with the right token settles the top-up", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 100000, payment_method_id: 2 });
    const res = await postXenditCallback(await vaPaid(invoice), TOKEN);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: "credited" } });
    expect((await topupRow(invoice.topup_id)).status).toBe("Paid");
    expect(await saldoOf(m.id)).toBe(100000);
  });

  it("a QR payment (API 2022-07-31) with the right token settles the top-up", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const res = await postXenditCallback(await qrPayment(invoice), TOKEN);
    expect(res.body.outcome).toBe("credited");
    expect(await saldoOf(m.id)).toBe(10000);
  });

  it("a forged token is 401 and nothing happens", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const res = await postXenditCallback(await qrPayment(invoice), `${TOKEN}x`);
    expect(res.status).toBe(401);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a missing token is 401 and nothing happens", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const res = await postXenditCallback(await qrPayment(invoice), null);
    expect(res.status).toBe(401);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
  });

  it("with no callback token configured every callback is 401 and nothing happens", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const callback = await qrPayment(invoice);
    xendit.env({ XENDIT_SECRET_KEY: undefined, XENDIT_CALLBACK_TOKEN: undefined });
    const res = await postXenditCallback(callback, "");
    expect(res.status).toBe(401);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
  });

  it("a duplicate callback is answered 200 and credits nothing more", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await postXenditCallback(await qrPayment(invoice), TOKEN);
    const again = await postXenditCallback(await qrPayment(invoice), TOKEN);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: "already_paid" } });
    expect(await saldoOf(m.id)).toBe(10000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
  });

  it("10 concurrent duplicate callbacks credit once and keep the ledger balanced", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 1000000, payment_method_id: 3 });
    const callback = await vaPaid(invoice);
    const results = await Promise.all(Array.from({ length: 10 }, () => postXenditCallback(callback, TOKEN)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.outcome === "credited")).toHaveLength(1);
    expect(await saldoOf(m.id)).toBe(1000000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("a FAILED QR payment marks a Pending top-up Failed without credit", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const res = await postXenditCallback(await qrPayment(invoice, invoice.payment_total, "FAILED"), TOKEN);
    expect(res.body.outcome).toBe("failed");
    expect((await topupRow(invoice.topup_id)).status).toBe("Failed");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a failure report does not undo a Paid top-up", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await postXenditCallback(await qrPayment(invoice), TOKEN);
    const res = await postXenditCallback(await qrPayment(invoice, invoice.payment_total, "FAILED"), TOKEN);
    expect(res.body.outcome).toBe("unchanged");
    expect((await topupRow(invoice.topup_id)).status).toBe("Paid");
    expect(await saldoOf(m.id)).toBe(10000);
  });

  it("an underpayment is refused: not credited, still Pending", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    const res = await postXenditCallback(await qrPayment(invoice, invoice.payment_total - 1), TOKEN);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: "amount_mismatch" } });
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a payment callback without an amount, or in another currency, is not credited", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    for (const data of [{ amount: undefined }, { amount: null }, { currency: "USD" }]) {
      const res = await postXenditCallback(await qrPayment(invoice, invoice.payment_total, "SUCCEEDED", data), TOKEN);
      expect(res.body.outcome, JSON.stringify(data)).toBe("amount_mismatch");
    }
    const { amount: _omitted, ...withoutAmount } = await vaPaid(invoice);
    expect((await postXenditCallback(withoutAmount, TOKEN)).body.outcome).toBe("amount_mismatch");
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a callback naming another QR code or virtual account than the one issued for the invoice changes nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    const qr = await createTopupOk(m.key, { amount: 10000 });
    const va = await createTopupOk(m.key, { amount: 100000, payment_method_id: 2 });
    expect((await postXenditCallback(await qrPayment(qr, qr.payment_total, "SUCCEEDED", { qr_id: "qr_someone_else" }), TOKEN)).body.outcome).toBe("reference_mismatch");
    expect((await postXenditCallback(await qrPayment(qr, qr.payment_total, "FAILED", { qr_id: "qr_someone_else" }), TOKEN)).body.outcome).toBe("reference_mismatch");
    expect((await postXenditCallback({ ...(await vaPaid(va)), callback_virtual_account_id: "va_someone_else" }, TOKEN)).body.outcome).toBe("reference_mismatch");
    expect((await topupRow(qr.topup_id)).status).toBe("Pending");
    expect((await topupRow(va.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a Xendit callback for an invoice the sandbox gateway issued changes nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    xendit.env({ XENDIT_SECRET_KEY: undefined });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect((await topupRow(invoice.topup_id)).gateway).toBe("sandbox");
    const res = await postXenditCallback(await qrPayment(invoice), TOKEN);
    expect(res.body.outcome).toBe("reference_mismatch");
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a callback for an unknown top-up is acknowledged and changes nothing", async () => {
    const res = await postXenditCallback({ ...(await vaPaid(await createTopupOk((await newMerchant()).key, { amount: 10000, payment_method_id: 2 }))), external_id: "TC20250101UNKNOWN1" }, TOKEN);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: "unknown_topup" } });
  });

  it("a VA status update (not a payment) is acknowledged and ignored", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000, payment_method_id: 2 });
    const res = await postXenditCallback({ id: "va_1", external_id: invoice.topup_id, account_number: "123", bank_code: "BCA", status: "ACTIVE" }, TOKEN);
    expect(res.body.outcome).toBe("ignored");
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
  });

  it("a body over 64 KB is 413 and credits nothing, counted in bytes not characters", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    // 25,000 three-byte characters: about 25 k characters but 75 KB on the wire.
    const callback = { ...(await qrPayment(invoice)), padding: "€".repeat(25_000) };
    const text = JSON.stringify(callback);
    expect(text.length).toBeLessThan(64 * 1024);
    expect(Buffer.byteLength(text)).toBeGreaterThan(64 * 1024);
    const res = await postRawXenditCallback(text);
    expect(res).toEqual({ status: 413, body: { error: "body too large" } });
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a declared Content-Length over 64 KB is 413 before the body is read", async () => {
    let read = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.enqueue(new TextEncoder().encode("{}"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await postRawXenditCallback(body, { "content-length": String(10 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(read).toBe(false);
  });

  it("a body that is not JSON is 400 and changes nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const text = JSON.stringify(await qrPayment(invoice)).slice(0, -1);
    expect(await postRawXenditCallback(text)).toEqual({ status: 400, body: { error: "body is not JSON" } });
    expect(await postRawXenditCallback("")).toEqual({ status: 400, body: { error: "body is not JSON" } });
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("a malformed or oversized body with a wrong token is still 401", async () => {
    expect((await postRawXenditCallback("{not json", { "x-callback-token": `${TOKEN}x` })).status).toBe(401);
    expect((await postRawXenditCallback("x".repeat(100 * 1024), { "x-callback-token": `${TOKEN}x` })).status).toBe(401);
  });
});
