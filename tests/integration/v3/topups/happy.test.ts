// POST /v3/topups (spec "Top-up"): an invoice for an allowed amount, with the requested or
// the first fitting payment method, its fee and total, a signed payment_url and a 3-hour
// expiry. Creating it moves no money; settlement is in ../../topup-settlement.test.ts.
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "@/server/lib/hashing";
import { parseWib } from "@/lib/wib-time";
import { hasValidCrc, parseEmvFields } from "@/server/payments/qris-payload";
import { topupInvoiceData } from "@/schemas/v3/topups";
import { createTopupCall, createTopupOk, methodId, setMethod, topupRow } from "../../../harness/topup-fixtures";
import { newMerchant, saldoOf } from "../../../harness/v3-fixtures";

const ALLOWED = [10000, 100000, 500000, 1000000, 2000000];

describe("POST /v3/topups: each allowed amount creates a Pending invoice", () => {
  it.each(ALLOWED)("accepts the allowed amount %i", async (amount) => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount });
    expect(invoice.amount).toBe(amount);
    expect(invoice.status).toBe("Pending");
  });
});

describe("POST /v3/topups: the requested payment method, or else the first active one (by sort_order) that takes the amount", () => {
  it("without payment_method_id picks the first active method by sort_order (QRIS)", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    expect(invoice).toMatchObject({ payment_method_id: await methodId("QRIS"), payment_method: "QRIS", payment_type: "qr" });
  });

  it("without payment_method_id skips inactive methods", async () => {
    await setMethod("QRIS", { active: false });
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    expect(invoice).toMatchObject({ payment_method_id: await methodId("BCA_VA"), payment_type: "va" });
  });

  it("without payment_method_id skips methods whose range excludes the amount", async () => {
    await setMethod("QRIS", { maxAmount: 500000 });
    const m = await newMerchant();
    expect((await createTopupOk(m.key, { amount: 1000000 })).payment_method).toBe("BCA Virtual Account");
    expect((await createTopupOk(m.key, { amount: 500000 })).payment_method).toBe("QRIS");
  });

  it("without payment_method_id follows sort_order, not id", async () => {
    await setMethod("BRI_VA", { sortOrder: 0 });
    const m = await newMerchant();
    expect((await createTopupOk(m.key, { amount: 10000 })).payment_method).toBe("BRI Virtual Account");
  });

  it("every allowed amount has an active seeded method", async () => {
    const m = await newMerchant();
    for (const amount of ALLOWED) expect((await createTopupCall(m.key, { amount })).status).toBe(200);
  });

  it("uses the requested payment_method_id", async () => {
    const m = await newMerchant();
    const id = await methodId("MANDIRI_VA");
    const invoice = await createTopupOk(m.key, { amount: 100000, payment_method_id: id });
    expect(invoice).toMatchObject({ payment_method_id: id, payment_method: "Mandiri Virtual Account", payment_type: "va" });
    const row = await topupRow(invoice.topup_id);
    expect(row.vaBank).toBe("MANDIRI");
    expect(row.vaNumber).toMatch(/^\d{16}$/);
  });
});

describe("POST /v3/topups: fees and totals", () => {
  it("QRIS charges 0.7%: 100000 → fee 700, total 100700", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    expect(invoice.payment_total).toBe(100700);
    expect((await topupRow(invoice.topup_id)).adminFee).toBe(700);
  });

  it("bank VAs charge a flat 4000: 10000 → total 14000", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000, payment_method_id: await methodId("BCA_VA") });
    expect(invoice.payment_total).toBe(14000);
  });

  it("flat and percentage fees add up: 2000000 at 1000 + 1.5% → 31000", async () => {
    await setMethod("QRIS", { feeFlat: 1000, feeBps: 150 });
    const m = await newMerchant();
    expect((await createTopupOk(m.key, { amount: 2000000 })).payment_total).toBe(2031000);
  });

  it("creating an invoice moves no money", async () => {
    const m = await newMerchant({ saldo: 5000 });
    await createTopupOk(m.key, { amount: 100000 });
    expect(await saldoOf(m.id)).toBe(5000);
  });
});

describe("POST /v3/topups: the invoice's fields", () => {
  it("answers exactly the spec's fields, matching the schema", async () => {
    const m = await newMerchant();
    const { status, body } = await createTopupCall(m.key, { amount: 500000 });
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(Object.keys(body.data!).sort()).toEqual(
      ["amount", "payment_expired_at", "payment_hash", "payment_method", "payment_method_id", "payment_total", "payment_type", "payment_url", "status", "topup_id"].sort(),
    );
    expect(topupInvoiceData.strict().parse(body.data)).toEqual(body.data);
  });

  it("topup_id is TC + WIB date + random uppercase alphanumerics, unique per invoice", async () => {
    const m = await newMerchant();
    const a = await createTopupOk(m.key, { amount: 10000 });
    const b = await createTopupOk(m.key, { amount: 10000 });
    const wibToday = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
    expect(a.topup_id).toMatch(new RegExp(`^TC${wibToday}[A-Z0-9]{8}$`));
    expect(a.topup_id).not.toBe(b.topup_id);
  });

  it("payment_url is {APP_URL}/topup/<id>?hash=<HMAC-SHA256(secret, topup_id + \":\" + merchant_id)>", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const expected = hmacSha256Hex(process.env.PAYMENT_LINK_SECRET!, `${invoice.topup_id}:${m.merchantId}`);
    expect(invoice.payment_hash).toBe(expected);
    expect(invoice.payment_url).toBe(`http://localhost:3000/topup/${invoice.topup_id}?hash=${expected}`);
  });

  it("payment_expired_at is 3 hours after creation, in WIB", async () => {
    const m = await newMerchant();
    const before = Date.now();
    const invoice = await createTopupOk(m.key, { amount: 10000 });
    const expires = parseWib(invoice.payment_expired_at)!.getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3 * 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 3600_000);
  });

  it("the sandbox QRIS payload is EMVCo TLV with the total in tag 54 and a valid CRC", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 1000000 });
    const row = await topupRow(invoice.topup_id);
    expect(row.gateway).toBe("sandbox");
    expect(hasValidCrc(row.qrString!)).toBe(true);
    const fields = parseEmvFields(row.qrString!);
    expect(fields.get("54")).toBe("1007000");
    expect(fields.get("53")).toBe("360");
    expect(fields.get("62")).toContain(invoice.topup_id);
  });
});
