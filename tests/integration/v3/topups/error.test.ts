// POST /v3/topups: every documented error — 400 VALIDATION_ERROR for an amount or payment
// method it cannot take (storing nothing), 401 without a key, 405 for GET, and 500
// INTERNAL_ERROR with no invoice when the payment gateway fails.
import { afterEach, describe, expect, it } from "vitest";
import { GET as topupsGet } from "@/app/v3/topups/route";
import { getDb } from "@/server/db/client";
import { readEnvelope, v3Request } from "../../../harness/http";
import { overrideEnv } from "../../../harness/env-override";
import { createTopupCall, methodId, setMethod } from "../../../harness/topup-fixtures";
import { newMerchant } from "../../../harness/v3-fixtures";
import { startXenditSimulator, type XenditSimulator } from "../../../simulators/xendit-simulator";

async function expectValidationError(body: unknown) {
  const m = await newMerchant();
  const { status, body: envelope } = await createTopupCall(m.key, body);
  expect(status).toBe(400);
  expect(envelope).toMatchObject({ success: false, data: null, error: { code: "VALIDATION_ERROR" } });
  const db = await getDb();
  expect(await db.topup.count()).toBe(0);
}

describe("POST /v3/topups: 400 VALIDATION_ERROR for an amount outside the allowed set, storing nothing", () => {
  it("rejects a missing amount", () => expectValidationError({}));

  it("rejects a null amount", () => expectValidationError({ amount: null }));

  it.each([5000, 20000, 100001, 3000000, 0, -10000])("rejects the unsupported amount %i", (amount) => expectValidationError({ amount }));

  it("rejects a non-integer amount", () => expectValidationError({ amount: 10000.5 }));

  it("rejects an amount given as a string", () => expectValidationError({ amount: "100000" }));

  it("rejects a body that is not a JSON object", () => expectValidationError([{ amount: 10000 }]));
});

describe("POST /v3/topups: 400 VALIDATION_ERROR for a payment method that is unknown, inactive or cannot take the amount", () => {
  it("is VALIDATION_ERROR when no active method supports the amount", async () => {
    const db = await getDb();
    await db.paymentMethod.updateMany({ data: { active: false } });
    await expectValidationError({ amount: 10000 });
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

describe("POST /v3/topups: 401 UNAUTHORIZED without a valid key, 405 METHOD_NOT_ALLOWED for GET", () => {
  it("is 401 UNAUTHORIZED without a valid API key", async () => {
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

describe("POST /v3/topups: 500 INTERNAL_ERROR, storing no invoice, when the payment gateway fails", () => {
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
    restore = overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_secret", XENDIT_CALLBACK_TOKEN: "cb_token", XENDIT_API_BASE_URL: sim.baseUrl });
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
    restore = overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_secret", XENDIT_CALLBACK_TOKEN: "cb_token", XENDIT_API_BASE_URL: unreachable });
    const m = await newMerchant();
    const { status, body } = await createTopupCall(m.key, { amount: 10000 });
    expect(status).toBe(500);
    // The gateway's own failure, not any other 500 on the way.
    expect(body.error).toEqual({ code: "INTERNAL_ERROR", message: "Pembayaran tidak dapat disiapkan saat ini. Silakan coba lagi." });
    expect(await (await getDb()).topup.count()).toBe(0);
  });
});
