import { afterEach, describe, expect, it } from "vitest";
import { GET as topupsGet } from "@/app/v3/topups/route";
import { getDb } from "@/server/db/client";
import { hmacSha256Hex } from "@/server/lib/hashing";
import { parseWib } from "@/lib/wib-time";
import { hasValidCrc, parseEmvFields } from "@/server/payments/qris-payload";
import { topupInvoiceData } from "@/schemas/v3/topups";
import { readEnvelope, v3Request } from "../harness/http";
import { createTopupCall, createTopupOk, topupRow, withEnv } from "../harness/topup-fixtures";
import { newMerchant, saldoOf } from "../harness/v3-fixtures";
import { startXenditSimulator, type XenditSimulator } from "../simulators/xendit-simulator";

const ALLOWED = [10000, 100000, 500000, 1000000, 2000000];

async function setMethod(code: string, data: { active?: boolean; minAmount?: number; maxAmount?: number | null; feeFlat?: number; feeBps?: number; sortOrder?: number }) {
  const db = await getDb();
  return db.paymentMethod.update({ where: { code }, data });
}

async function methodId(code: string) {
  const db = await getDb();
  return (await db.paymentMethod.findUniqueOrThrow({ where: { code } })).id;
}

async function expectValidationError(body: unknown) {
  const m = await newMerchant();
  const { status, body: envelope } = await createTopupCall(m.key, body);
  expect(status).toBe(400);
  expect(envelope).toMatchObject({ success: false, data: null, error: { code: "VALIDATION_ERROR" } });
  const db = await getDb();
  expect(await db.topup.count()).toBe(0);
}

describe("POST /v3/topups: amount", () => {
  it.each(ALLOWED)("accepts the allowed amount %i", async (amount) => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount });
    expect(invoice.amount).toBe(amount);
    expect(invoice.status).toBe("Pending");
  });

  it("rejects a missing amount", () => expectValidationError({}));
  it("rejects a null amount", () => expectValidationError({ amount: null }));
  it.each([5000, 20000, 100001, 3000000, 0, -10000])("rejects the unsupported amount %i", (amount) => expectValidationError({ amount }));
  it("rejects a non-integer amount", () => expectValidationError({ amount: 10000.5 }));
  it("rejects an amount given as a string", () => expectValidationError({ amount: "100000" }));
  it("rejects a body that is not a JSON object", () => expectValidationError([{ amount: 10000 }]));
});

describe("POST /v3/topups: payment method", () => {
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

  it("is VALIDATION_ERROR when no active method supports the amount", async () => {
    const db = await getDb();
    await db.paymentMethod.updateMany({ data: { active: false } });
    await expectValidationError({ amount: 10000 });
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

  it("rejects an unknown payment_method_id", () => expectValidationError({ amount: 10000, payment_method_id: 9999 }));

  it("rejects a payment_method_id beyond any id the database can hold as unknown, not with a 500", async () => {
    await expectValidationError({ amount: 10000, payment_method_id: 2_147_483_648 });
    await expectValidationError({ amount: 10000, payment_method_id: Number.MAX_SAFE_INTEGER });
  });
  it("rejects a payment_method_id given as a string", async () => expectValidationError({ amount: 10000, payment_method_id: String(await methodId("QRIS")) }));
  it("rejects a non-integer payment_method_id", () => expectValidationError({ amount: 10000, payment_method_id: 1.5 }));

  it("rejects an inactive payment_method_id", async () => {
    await setMethod("BNI_VA", { active: false });
    await expectValidationError({ amount: 10000, payment_method_id: await methodId("BNI_VA") });
  });

  it("rejects a payment_method_id that does not support the amount", async () => {
    await setMethod("BNI_VA", { minAmount: 100000 });
    await expectValidationError({ amount: 10000, payment_method_id: await methodId("BNI_VA") });
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

describe("POST /v3/topups: invoice", () => {
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

  it("requires the API key", async () => {
    const { status, body } = await createTopupCall("sk_live_nope", { amount: 10000 });
    expect(status).toBe(401);
    expect(body.error?.code).toBe("UNAUTHORIZED");
  });

  it("answers 405 in the envelope for GET", async () => {
    const m = await newMerchant();
    const { status, body } = await readEnvelope(await topupsGet(v3Request("/v3/topups", { key: m.key })));
    expect(status).toBe(405);
    expect(body.error?.code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("POST /v3/topups: gateway failure", () => {
  let sim: XenditSimulator | undefined;
  let restore: (() => void) | undefined;
  afterEach(async () => {
    restore?.();
    await sim?.close();
    sim = undefined;
    restore = undefined;
  });

  it("is 500 INTERNAL_ERROR with no invoice stored when the gateway refuses", async () => {
    sim = await startXenditSimulator("xnd_development_secret");
    restore = withEnv({ XENDIT_SECRET_KEY: "xnd_development_secret", XENDIT_CALLBACK_TOKEN: "cb_token", XENDIT_API_BASE_URL: sim.baseUrl });
    sim.failNext(503);
    const m = await newMerchant();
    const { status, body } = await createTopupCall(m.key, { amount: 10000 });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, data: null, error: { code: "INTERNAL_ERROR", message: "Pembayaran tidak dapat disiapkan saat ini. Silakan coba lagi." } });
    expect(sim.requests).toHaveLength(1);
    expect(await (await getDb()).topup.count()).toBe(0);
  });

  it("is 500 INTERNAL_ERROR with no invoice stored when the gateway cannot be reached", async () => {
    sim = await startXenditSimulator("k");
    const unreachable = sim.baseUrl;
    await sim.close();
    sim = undefined;
    restore = withEnv({ XENDIT_SECRET_KEY: "xnd_development_secret", XENDIT_CALLBACK_TOKEN: "cb_token", XENDIT_API_BASE_URL: unreachable });
    const m = await newMerchant();
    const { status, body } = await createTopupCall(m.key, { amount: 10000 });
    expect(status).toBe(500);
    // The gateway's own failure, not any other 500 on the way.
    expect(body.error).toEqual({ code: "INTERNAL_ERROR", message: "Pembayaran tidak dapat disiapkan saat ini. Silakan coba lagi." });
    expect(await (await getDb()).topup.count()).toBe(0);
  });
});
