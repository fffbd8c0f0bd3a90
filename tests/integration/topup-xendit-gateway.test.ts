import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { getPaymentGateway } from "@/server/payments/registry";
import { overrideEnv } from "../harness/env-override";
import { createTopupOk, topupRow } from "../harness/topup-fixtures";
import { newMerchant } from "../harness/v3-fixtures";
import { startXenditSimulator, type XenditSimulator } from "../simulators/xendit-simulator";

const SECRET = "xnd_development_0123456789abcdef";

describe("Xendit gateway over HTTP", () => {
  let sim: XenditSimulator;
  let restore: () => void;
  beforeEach(async () => {
    sim = await startXenditSimulator(SECRET);
    restore = overrideEnv({ XENDIT_SECRET_KEY: SECRET, XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token" });
  });
  afterEach(async () => {
    restore();
    await sim.close();
  });

  it("is selected when XENDIT_SECRET_KEY is set, the sandbox when it is not", () => {
    expect(getPaymentGateway().name).toBe("xendit");
    restore();
    expect(getPaymentGateway().name).toBe("sandbox");
    restore = overrideEnv({ XENDIT_SECRET_KEY: SECRET, XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token" });
  });

  it("creates a dynamic QRIS for the total with basic auth, api-version and the top-up id as reference", async () => {
    const m = await newMerchant();
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    expect(sim.requests).toHaveLength(1);
    const [req] = sim.requests;
    expect(req.path).toBe("/qr_codes");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET}:`).toString("base64")}`);
    expect(req.headers["api-version"]).toBe("2022-07-31");
    expect(req.body).toMatchObject({ reference_id: invoice.topup_id, type: "DYNAMIC", currency: "IDR", amount: 100700 });
    const row = await topupRow(invoice.topup_id);
    expect(new Date(req.body.expires_at as string).getTime()).toBe(row.expiresAt.getTime());
    expect(row).toMatchObject({ gateway: "xendit", gatewayReference: "qr_sim_1" });
    expect(row.qrString).toMatch(/^000201/);
  });

  it("creates a closed, single-use fixed VA for the total with the bank code and the service's name, letters only", async () => {
    restore();
    restore = overrideEnv({ XENDIT_SECRET_KEY: SECRET, XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token", SERVICE_NAME: "Sandi #1 OTP!" });
    const m = await newMerchant({ brandName: "Toko Jaya" });
    const invoice = await createTopupOk(m.key, { amount: 500000, payment_method_id: 5 });
    const [req] = sim.requests;
    expect(req.path).toBe("/callback_virtual_accounts");
    expect(req.body).toMatchObject({ external_id: invoice.topup_id, bank_code: "BRI", name: "Sandi OTP", is_closed: true, is_single_use: true, expected_amount: 504000 });
    const row = await topupRow(invoice.topup_id);
    expect(row).toMatchObject({ gateway: "xendit", gatewayReference: "va_sim_1", vaBank: "BRI" });
    expect(row.vaNumber).toMatch(/^88608\d+$/);
  });

  it("a wrong secret key is refused by the gateway and no invoice is stored", async () => {
    restore();
    restore = overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_wrong", XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token" });
    const m = await newMerchant();
    await expect(createTopupOk(m.key, { amount: 10000 })).rejects.toThrow(/500.*INTERNAL_ERROR/);
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0].headers.authorization).toBe(`Basic ${Buffer.from("xnd_development_wrong:").toString("base64")}`);
    const db = await getDb();
    expect(await db.topup.count({ where: { merchantId: m.id } })).toBe(0);

    // The same count sees an invoice once the gateway accepts the key, so the zero above is real.
    restore();
    restore = overrideEnv({ XENDIT_SECRET_KEY: SECRET, XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token" });
    await createTopupOk(m.key, { amount: 10000 });
    expect(await db.topup.count({ where: { merchantId: m.id } })).toBe(1);
  });
});
