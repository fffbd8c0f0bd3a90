import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { parseEmvFields } from "@/server/payments/qris-payload";
import { getHostedTopup } from "@/server/services/topups/hosted-page";
import { addRoute, setRouteEnabled } from "@/server/services/routing/route-store";
import { getTopupReceiptByLink } from "@/server/services/topups/receipt";
import { overrideEnv } from "../harness/env-override";
import { createTopupOk, makeOverdue, pageStatus, postXenditCallback, simulatePayment, topupLedgerEntries, topupRow, useXenditGateway, XENDIT_TEST_TOKEN } from "../harness/topup-fixtures";
import { newMerchant, saldoOf } from "../harness/v3-fixtures";

function tamper(hash: string): string {
  return (hash[0] === "a" ? "b" : "a") + hash.slice(1);
}

describe("hosted payment page link", () => {
  it("the signed link shows brand, amount, admin fee, total and the instructions", async () => {
    const m = await newMerchant({ brandName: "Toko Maju" });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    const view = await getHostedTopup(invoice.topup_id, invoice.payment_hash);
    expect(view).toMatchObject({ brand: "Toko Maju", amount: 100000, admin_fee: 700, payment_total: 100700, payment_type: "qr", payment_method: "QRIS", payment_method_code: "QRIS", status: "Pending", sandbox: true, sandbox_invoice: true });
    expect(view!.instructions!.qr_string).toMatch(/^000201/);
    expect(view!.remaining_seconds).toBeGreaterThan(3 * 3600 - 60);
  });

  it("a tampered hash finds nothing", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect(await getHostedTopup(invoice.topup_id, tamper(invoice.payment_hash))).toBeNull();
  });

  it("a missing or empty hash finds nothing", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect(await getHostedTopup(invoice.topup_id, null)).toBeNull();
    expect(await getHostedTopup(invoice.topup_id, "")).toBeNull();
  });

  it("another invoice's hash does not open this invoice", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const mine = await createTopupOk(a.key, { amount: 10000 });
    const theirs = await createTopupOk(b.key, { amount: 10000 });
    expect(await getHostedTopup(mine.topup_id, theirs.payment_hash)).toBeNull();
  });

  it("the status endpoint answers the same 404 for a wrong hash, a missing hash and an unknown id", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const wrong = await pageStatus(invoice.topup_id, tamper(invoice.payment_hash));
    const missing = await pageStatus(invoice.topup_id, null);
    const unknown = await pageStatus("TC20250101ZZZZZZZZ", invoice.payment_hash);
    for (const res of [wrong, missing, unknown]) expect(res).toEqual({ status: 404, body: { error: "not_found" } });
  });

  it("the status endpoint reports Pending with the time left, then Paid", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const before = await pageStatus(invoice.topup_id, invoice.payment_hash);
    expect(before.body).toMatchObject({ status: "Pending", payment_expired_at: invoice.payment_expired_at, paid_at: null });
    await simulatePayment(invoice.topup_id, invoice.payment_hash);
    const after = await pageStatus(invoice.topup_id, invoice.payment_hash);
    expect(after.body).toMatchObject({ status: "Paid", remaining_seconds: 0 });
    expect(after.body.paid_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe("a failed top-up on the hosted page", () => {
  useXenditGateway();

  async function failedInvoice() {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect((await pageStatus(invoice.topup_id, invoice.payment_hash)).body.status).toBe("Pending");
    const qrId = (await topupRow(invoice.topup_id)).gatewayReference;
    const failure = { event: "qr.payment", data: { id: "qrpy_failed", qr_id: qrId, reference_id: invoice.topup_id, amount: invoice.payment_total, status: "FAILED" } };
    expect((await postXenditCallback(failure, XENDIT_TEST_TOKEN)).body.outcome).toBe("failed");
    return { m, invoice };
  }

  it("the status endpoint reports Failed with no time left", async () => {
    const { invoice } = await failedInvoice();
    const res = await pageStatus(invoice.topup_id, invoice.payment_hash);
    expect(res).toEqual({ status: 200, body: { status: "Failed", payment_expired_at: invoice.payment_expired_at, remaining_seconds: 0, paid_at: null } });
  });

  it("the page view is Failed and no longer carries the QR payload", async () => {
    const { invoice } = await failedInvoice();
    const view = await getHostedTopup(invoice.topup_id, invoice.payment_hash);
    expect(view).toMatchObject({ status: "Failed", remaining_seconds: 0, instructions: null });
  });
});

describe("sandbox simulate payment", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("settles through the same path: Paid, amount credited once", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const first = await simulatePayment(invoice.topup_id, invoice.payment_hash);
    const second = await simulatePayment(invoice.topup_id, invoice.payment_hash);
    expect(first.body.status).toBe("Paid");
    expect(second.body.status).toBe("Paid");
    expect(await saldoOf(m.id)).toBe(10000);
    expect(await topupLedgerEntries(invoice.topup_id)).toHaveLength(1);
  });

  it("a wrong hash is 404 and pays nothing", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect((await simulatePayment(invoice.topup_id, tamper(invoice.payment_hash))).status).toBe(404);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
  });

  it("a Failed invoice cannot be paid from the page", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const db = await getDb();
    await db.topup.update({ where: { topupId: invoice.topup_id }, data: { status: "Failed" } });
    expect((await simulatePayment(invoice.topup_id, invoice.payment_hash)).body.status).toBe("Failed");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("an expired invoice cannot be paid from the page", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await makeOverdue(invoice.topup_id);
    const res = await simulatePayment(invoice.topup_id, invoice.payment_hash);
    expect(res.body.status).toBe("Expired");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("does not exist while a real gateway is configured", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    restore = overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_secret", XENDIT_CALLBACK_TOKEN: "cb_token" });
    expect((await getHostedTopup(invoice.topup_id, invoice.payment_hash))!.sandbox).toBe(false);
    expect((await simulatePayment(invoice.topup_id, invoice.payment_hash)).status).toBe(404);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
  });

  it("does not exist while any channel delivers through a real vendor, whose messages free credits would pay for", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    restore = overrideEnv({ SMTP_URL: "smtp://127.0.0.1:2525" });
    // The page still says the invoice cannot be paid for real.
    expect(await getHostedTopup(invoice.topup_id, invoice.payment_hash)).toMatchObject({ sandbox: false, sandbox_invoice: true });
    expect((await simulatePayment(invoice.topup_id, invoice.payment_hash)).status).toBe(404);
    expect((await topupRow(invoice.topup_id)).status).toBe("Pending");
    expect(await saldoOf(m.id)).toBe(0);
  });

  it("does not exist either while an enabled vendor route sends through a real vendor (docs/routing.md)", async () => {
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    await addRoute({ name: "sms-real", channel: "sms", adapter: "http_sms", config: { api_base_url: "https://sms.example.id", api_key: "k", webhook_secret: "s" } });
    expect(await getHostedTopup(invoice.topup_id, invoice.payment_hash)).toMatchObject({ sandbox: false, sandbox_invoice: true });
    expect((await simulatePayment(invoice.topup_id, invoice.payment_hash)).status).toBe(404);
    await setRouteEnabled("sms-real", false);
    expect(await getHostedTopup(invoice.topup_id, invoice.payment_hash)).toMatchObject({ sandbox: true });
  });
});

describe("who is paid", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("names the service from SERVICE_NAME as payee and the merchant only as whose saldo is topped up", async () => {
    restore = overrideEnv({ SERVICE_NAME: "Sandi OTP Indonesia" });
    const m = await newMerchant({ brandName: "Toko Maju" });
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    const view = await getHostedTopup(invoice.topup_id, invoice.payment_hash);
    expect(view).toMatchObject({ payee: "Sandi OTP Indonesia", brand: "Toko Maju", recipient_name: "SANDI OTP INDONESIA" });
  });

  it("writes the service, not the merchant, into the sandbox QRIS merchant name (tag 59), which the page shows as recipient", async () => {
    const m = await newMerchant({ brandName: "Toko Maju" });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const stored = await topupRow(invoice.topup_id);
    expect(parseEmvFields(stored.qrString!).get("59")).toBe("SANDI");
    expect((await getHostedTopup(invoice.topup_id, invoice.payment_hash))!.recipient_name).toBe("SANDI");
  });

  it("tells a virtual-account payer the account name the bank shows: the service's, letters and spaces only", async () => {
    restore = overrideEnv({ SERVICE_NAME: "Sandi-OTP 2" });
    const m = await newMerchant({ brandName: "Toko Maju" });
    const invoice = await createTopupOk(m.key, { amount: 10000, payment_method_id: 2 });
    expect((await getHostedTopup(invoice.topup_id, invoice.payment_hash))!.recipient_name).toBe("Sandi OTP");
  });

  it("opens the receipt through the invoice's signed link only once it is paid, and names the service as payee", async () => {
    const m = await newMerchant({ brandName: "Toko Maju" });
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    expect(await getTopupReceiptByLink(invoice.topup_id, invoice.payment_hash)).toBeNull();
    await simulatePayment(invoice.topup_id, invoice.payment_hash);
    expect(await getTopupReceiptByLink(invoice.topup_id, tamper(invoice.payment_hash))).toBeNull();
    expect(await getTopupReceiptByLink(invoice.topup_id, invoice.payment_hash)).toMatchObject({ topup_id: invoice.topup_id, amount: 10000, payee: "Sandi", payment_method_code: "QRIS" });
  });
});
