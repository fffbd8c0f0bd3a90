// Test mode (docs/test-mode.md): a test key (sk_test_…) uses the same /v3 endpoints in
// a separate world: its own saldo, OTPs, idempotency keys, webhooks and top-ups, always
// delivered by the sandbox and paid with test credits.
import { afterEach, describe, expect, it } from "vitest";
import { GET as testMessagesRoute } from "@/app/v3/test/messages/route";
import { POST as testInboundRoute } from "@/app/v3/test/inbound-whatsapp/route";
import { POST as testReceiptsRoute } from "@/app/v3/test/receipts/route";
import { resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { overrideEnv } from "../harness/env-override";
import { readEnvelope, v3Request } from "../harness/http";
import { createTopupOk, pageStatus, simulatePayment, topupRow } from "../harness/topup-fixtures";
import { account, expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, saldoOf, sendOtp, verify } from "../harness/v3-fixtures";
import { startReceiver } from "../harness/webhook-receiver";
import { startVendorSimulator } from "../simulators/http-vendor-simulator";
import { startXenditSimulator } from "../simulators/xendit-simulator";

const PHONE = "6281234567890";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const headers = { "x-forwarded-for": "203.0.113.10" };

async function testMessages(key: string, query = "") {
  return readEnvelope<Record<string, unknown>[]>(await testMessagesRoute(v3Request(`/v3/test/messages${query}`, { key, headers })));
}

async function testInbound(key: string, body: unknown) {
  return readEnvelope(await testInboundRoute(v3Request("/v3/test/inbound-whatsapp", { key, body, headers })));
}

async function testReceipt(key: string, body: unknown) {
  return readEnvelope(await testReceiptsRoute(v3Request("/v3/test/receipts", { key, body, headers })));
}

async function codeOf(key: string, otpId: string): Promise<string> {
  const { body } = await testMessages(key, `?otp_id=${otpId}`);
  return body.data![0].code as string;
}

describe("keys and saldo per mode", () => {
  it("every merchant gets a live and a test key; a test key reads the test saldo with livemode false, a live key the live saldo with livemode true", async () => {
    const m = await newMerchant({ saldo: 5000 });
    expect(m.key).toMatch(/^sk_live_/);
    expect(m.testKey).toMatch(/^sk_test_/);
    const live = await account(m.key);
    const test = await account(m.testKey);
    expect(live.body.data).toMatchObject({ merchant_id: m.merchantId, saldo: 5000, livemode: true });
    expect(test.body.data).toMatchObject({ merchant_id: m.merchantId, name: live.body.data!.name, brand_name: "TokoKu", saldo: 1_000_000, livemode: false });
  });

  it("a test creation is charged to the test saldo with the live prices and never touches the live saldo", async () => {
    const m = await newMerchant({ saldo: 5000 });
    const created = await requestOtp(m.testKey, { channel: "sms", destination: PHONE });
    expect(created.body.data).toMatchObject({ status: "sent", price: 450, last_balance: 1_000_000 - 450 });
    expect(await saldoOf(m.id)).toBe(5000);
    expect(await saldoOf(m.testId)).toBe(1_000_000 - 450);
    expect(await expectLedgerBalanced(m.testId)).toBe(true);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("402 INSUFFICIENT_BALANCE is testable: the test saldo runs out like the live one", async () => {
    const m = await newMerchant({ saldo: 5000 });
    expect(await adjustBalance(m.testId, -(1_000_000 - 100), "uji saldo habis")).toEqual({ saldo: 100 });
    const refused = await requestOtp(m.testKey, { channel: "sms", destination: PHONE });
    expect(refused.status).toBe(402);
    expect(refused.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    expect(await saldoOf(m.id)).toBe(5000);
  });

  it("the sandbox's rules hold in test mode: …0000 fails and costs nothing", async () => {
    const m = await newMerchant();
    const failed = await requestOtp(m.testKey, { channel: "whatsapp", destination: "6281234560000" });
    expect(failed.body.data).toMatchObject({ status: "failed", last_balance: 1_000_000 });
    expect(await expectLedgerBalanced(m.testId)).toBe(true);
  });
});

describe("separate worlds", () => {
  it("an otp_id of one mode is OTP_NOT_FOUND for the other, for reads and verification", async () => {
    const m = await newMerchant();
    const testOtp = (await requestOtp(m.testKey, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    const liveOtp = (await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    expect((await getOtpDetail(m.key, testOtp)).body.error?.code).toBe("OTP_NOT_FOUND");
    expect((await getOtpDetail(m.testKey, liveOtp)).body.error?.code).toBe("OTP_NOT_FOUND");
    const code = await codeOf(m.testKey, testOtp);
    expect((await verify(m.key, { otp_id: testOtp, otp: code })).body.error?.code).toBe("OTP_NOT_FOUND");
    expect((await verify(m.testKey, { otp_id: testOtp, otp: code })).body.data).toMatchObject({ verified: true });
    expect((await getOtpDetail(m.testKey, testOtp)).body.data).toMatchObject({ status: "verified" });
  });

  it("external_ids are scoped per mode: the same id creates one OTP in each mode, and replays within its own", async () => {
    const m = await newMerchant();
    const body = { channel: "sms", destination: PHONE, external_id: "signup-42" };
    const live = await requestOtp(m.key, body);
    const test = await requestOtp(m.testKey, body);
    expect(test.body.data!.otp_id).not.toBe(live.body.data!.otp_id);
    const replay = await requestOtp(m.testKey, body);
    expect(replay.body.data!.otp_id).toBe(test.body.data!.otp_id);
    expect(await saldoOf(m.testId)).toBe(1_000_000 - 450);
  });

  it("destination limits apply in test mode as in live mode, each mode counting its own creations", async () => {
    const m = await newMerchant({ saldo: 1_000_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestOtp(m.testKey, { channel: "sms", destination: PHONE })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).status).toBe(200);
  });
});

describe("never a real message", () => {
  it("a test key delivers through the sandbox even when a vendor is configured; a live key reaches the vendor", async () => {
    resetBreakers();
    const sim = await startVendorSimulator(() => ({ status: 200, json: { messaging_product: "whatsapp", messages: [{ id: "wamid.REAL" }] } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant();
    const test = await requestOtp(m.testKey, { channel: "whatsapp", destination: PHONE });
    expect(test.body.data).toMatchObject({ status: "sent" });
    expect(sim.requests).toHaveLength(0);
    const otpId = test.body.data!.otp_id as string;
    const [message] = (await testMessages(m.testKey, `?otp_id=${otpId}`)).body.data!;
    expect(message).toMatchObject({ otp_id: otpId, channel: "whatsapp", destination: PHONE, code: expect.stringMatching(/^\d{6}$/) });
    expect(message.text).toContain(message.code as string);
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: PHONE })).body.data).toMatchObject({ status: "sent" });
    expect(sim.requests).toHaveLength(1);
  });
});

describe("GET /v3/test/messages", () => {
  it("lists this test world's messages newest first, by otp_id or destination, with the code and the misscall caller", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const first = (await requestOtp(m.testKey, { channel: "sms", destination: PHONE })).body.data!.otp_id;
    const second = (await requestOtp(m.testKey, { channel: "misscall", destination: "6281299998888" })).body.data!.otp_id;
    await requestOtp(other.testKey, { channel: "sms", destination: PHONE });
    const all = (await testMessages(m.testKey)).body.data!;
    expect(all.map((x) => x.otp_id)).toEqual([second, first]);
    expect(Object.keys(all[0]).sort()).toEqual(["caller", "channel", "code", "destination", "otp_id", "sent_at", "text"]);
    expect(all[0].caller).toMatch(/^\d{8,}$/);
    expect((await testMessages(m.testKey, `?destination=${PHONE}`)).body.data!.map((x) => x.otp_id)).toEqual([first]);
    expect((await testMessages(m.testKey, "?limit=1")).body.data).toHaveLength(1);
  });

  it("refuses a bad limit with 400 VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    for (const limit of ["0", "501", "abc", "1.5"]) {
      const res = await testMessages(m.testKey, `?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
  });

  it("does not exist for a live key (404 NOT_FOUND) and asks for a key without one (401)", async () => {
    const m = await newMerchant();
    await requestOtp(m.key, { channel: "sms", destination: PHONE });
    for (const res of [await testMessages(m.key), await testInbound(m.key, { from: PHONE, text: "x" }), await testReceipt(m.key, { otp_id: "OTP20261125ABCD000001", status: "failed" })]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, data: null, error: { code: "NOT_FOUND" } });
    }
    const anonymous = await readEnvelope(await testMessagesRoute(v3Request("/v3/test/messages", { headers })));
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /v3/test/inbound-whatsapp", () => {
  it("completes a test whatsapp_inbound OTP through the inbound matching, and only in this test world", async () => {
    const m = await newMerchant();
    const created = (await requestOtp(m.testKey, { channel: "whatsapp_inbound", destination: PHONE })).body.data! as { otp_id: string; verification: { message: string } };
    // A real WhatsApp message (the webhook's path) never completes a test OTP.
    expect(await matchInboundWhatsapp({ from: PHONE, text: created.verification.message })).toEqual({ matched: false, otp_id: null });
    const other = await newMerchant();
    expect((await testInbound(other.testKey, { from: PHONE, text: created.verification.message })).body.data).toEqual({ matched: false, otp_id: null });
    expect((await testInbound(m.testKey, { from: "6289999999999", text: created.verification.message })).body.data).toEqual({ matched: false, otp_id: null });
    expect((await testInbound(m.testKey, { from: PHONE, text: created.verification.message })).body.data).toEqual({ matched: true, otp_id: created.otp_id });
    expect((await getOtpDetail(m.testKey, created.otp_id)).body.data).toMatchObject({ status: "verified" });
  });

  it("refuses a body without from or text", async () => {
    const m = await newMerchant();
    const res = await testInbound(m.testKey, { text: "hai" });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
  });
});

describe("POST /v3/test/receipts", () => {
  it("delivered moves sent to success; failed moves sent to failed and refunds the test saldo once", async () => {
    const m = await newMerchant();
    const a = (await requestOtp(m.testKey, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    expect((await testReceipt(m.testKey, { otp_id: a, status: "delivered" })).body.data).toEqual({ otp_id: a, status: "success", refunded: false });
    const b = (await requestOtp(m.testKey, { channel: "sms", destination: "6281234567891" })).body.data!.otp_id as string;
    expect(await saldoOf(m.testId)).toBe(1_000_000 - 900);
    expect((await testReceipt(m.testKey, { otp_id: b, status: "failed" })).body.data).toEqual({ otp_id: b, status: "failed", refunded: true });
    expect((await testReceipt(m.testKey, { otp_id: b, status: "failed" })).body.data).toEqual({ otp_id: b, status: "failed", refunded: false });
    expect(await saldoOf(m.testId)).toBe(1_000_000 - 450);
    expect(await expectLedgerBalanced(m.testId)).toBe(true);
    expect((await getOtpDetail(m.testKey, b)).body.data).toMatchObject({ status: "failed" });
  });

  it("a live OTP or an unknown id is OTP_NOT_FOUND; a bad status is VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    const live = (await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    expect((await testReceipt(m.testKey, { otp_id: live, status: "failed" })).body.error?.code).toBe("OTP_NOT_FOUND");
    expect((await testReceipt(m.testKey, { otp_id: "nope", status: "failed" })).body.error?.code).toBe("OTP_NOT_FOUND");
    const bad = await testReceipt(m.testKey, { otp_id: live, status: "read" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_ERROR");
  });
});

describe("webhooks per mode", () => {
  it("test events go only to the test endpoint and carry livemode false; live events livemode true", async () => {
    const liveReceiver = await startReceiver();
    const testReceiver = await startReceiver();
    cleanups.push(liveReceiver.close, testReceiver.close);
    const m = await newMerchant();
    await updateMerchant(m.id, { webhookUrl: liveReceiver.url });
    await updateMerchant(m.id, { webhookUrl: testReceiver.url }, "test");
    const otpId = (await requestOtp(m.testKey, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    await verify(m.testKey, { otp_id: otpId, otp: await codeOf(m.testKey, otpId) });
    while ((await deliverDueWebhooks()) > 0);
    expect(liveReceiver.received).toHaveLength(0);
    expect(testReceiver.received).toHaveLength(1);
    const payload = JSON.parse(testReceiver.received[0].body);
    expect(Object.keys(payload)).toEqual(["id", "type", "created_at", "livemode", "data"]);
    expect(payload).toMatchObject({ type: "otp.verified", livemode: false, data: { otp_id: otpId } });
  });
});

describe("top-ups in test mode", () => {
  it("use the sandbox gateway even when Xendit is configured, can be simulated on the hosted page, and credit the test saldo", async () => {
    const sim = await startXenditSimulator("xnd_development_0123456789abcdef");
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_0123456789abcdef", XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: "cb_token" }));
    const m = await newMerchant({ saldo: 0 });
    const invoice = await createTopupOk(m.testKey, { amount: 100000 });
    expect(sim.requests).toHaveLength(0);
    expect((await topupRow(invoice.topup_id)).gateway).toBe("sandbox");
    const hash = new URL(invoice.payment_url).searchParams.get("hash");
    expect((await simulatePayment(invoice.topup_id, hash)).status).toBe(200);
    expect((await pageStatus(invoice.topup_id, hash)).body).toMatchObject({ status: "Paid" });
    expect(await saldoOf(m.testId)).toBe(1_100_000);
    expect(await saldoOf(m.id)).toBe(0);
    // Live keeps using Xendit.
    await createTopupOk(m.key, { amount: 100000 });
    expect(sim.requests).toHaveLength(1);
  });
});

describe("send in test mode", () => {
  it("POST /v3/send with a test key delivers the merchant's code through the sandbox", async () => {
    const m = await newMerchant();
    const sent = await sendOtp(m.testKey, { channel: "sms", destination: PHONE, otp: "246810" });
    expect(sent.body.data).toMatchObject({ status: "sent" });
    expect(await codeOf(m.testKey, sent.body.data!.otp_id as string)).toBe("246810");
  });
});
