// Text no field can hold is refused at the edge with 400 VALIDATION_ERROR naming the
// field, before anything is charged: a lone UTF-16 surrogate (JSON "\udfff") in any
// /v3 body field or dashboard input, and NUL in the test endpoints' query parameters.
// And the shape behind it: once a creation's charge is committed, its answer is a
// success even when presenting it fails (the 500-that-charges of issue 34).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as requestRoute } from "@/app/v3/request/route";
import { POST as topupsRoute } from "@/app/v3/topups/route";
import { GET as testMessagesRoute } from "@/app/v3/test/messages/route";
import { POST as testInboundRoute } from "@/app/v3/test/inbound-whatsapp/route";
import { POST as testReceiptsRoute } from "@/app/v3/test/receipts/route";
import { getDb } from "@/server/db/client";
import { loadMerchantProfile } from "@/server/services/merchants/profile";
import { createOtp } from "@/server/services/otp/create-otp";
import { otpTransactionData } from "@/schemas/v3/otp";
import { readEnvelope, v3Request } from "../harness/http";
import { startLiveV3Server } from "../harness/live-v3-server";
import { captureLog } from "../harness/log-lines";
import { callerFor } from "../harness/trpc";
import { expectLedgerBalanced, newMerchant, PHONE, requestOtp, saldoOf, sendOtp, verify } from "../harness/v3-fixtures";

const HIGH = "\ud83d"; // the first half of 🙂, alone
const LOW = "\udfff";

describe("a lone UTF-16 surrogate in a /v3 body", () => {
  it("answers POST /v3/request with 400 VALIDATION_ERROR naming the field, storing and charging nothing", async () => {
    const m = await newMerchant({ saldo: 98_200 });
    const cases: [Record<string, unknown>, string][] = [
      [{ channel: "whatsapp_inbound", brand: LOW, external_id: "r1" }, "brand"],
      [{ channel: "whatsapp_inbound", brand: `Toko ${HIGH}` }, "brand"],
      [{ channel: "sms", destination: PHONE, external_id: HIGH }, "external_id"],
      [{ channel: "sms", destination: `${PHONE}${LOW}` }, "destination"],
      [{ channel: "sms", destination: PHONE, signals: { device_id: `d${HIGH}` } }, "signals.device_id"],
      [{ channel: "sms", destination: PHONE, signals: { user_agent: LOW } }, "signals.user_agent"],
      [{ channel: "sms", destination: PHONE, unknown_field: LOW }, "unknown_field"],
      [{ channel: `sms${LOW}`, destination: PHONE }, "channel"],
    ];
    for (const [body, field] of cases) {
      const res = await requestOtp(m.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
      expect(res.body.error?.message.startsWith(`${field} `), res.body.error?.message).toBe(true);
    }
    expect(await saldoOf(m.id)).toBe(98_200);
    expect(await (await getDb()).otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("answers /v3/send, /v3/verify, /v3/topups and the test endpoints the same way", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    const answers = [
      await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "123456", brand: LOW }),
      await verify(m.key, { otp_id: `OTP${HIGH}`, otp: "123456" }),
      await readEnvelope(await topupsRoute(v3Request("/v3/topups", { key: m.key, body: { amount: 10_000, payment_method: LOW } }))),
      await readEnvelope(await testInboundRoute(v3Request("/v3/test/inbound-whatsapp", { key: m.testKey, body: { from: PHONE, text: `KODE ${HIGH}` } }))),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
      expect(res.body.error?.message).toMatch(/^(brand|otp_id|payment_method|text) berisi karakter Unicode yang tidak valid/);
    }
    expect(await saldoOf(m.id)).toBe(10_000);
  });
});

describe("the fuzz run's lone surrogate in external_id, written as a JSON escape", () => {
  // The body as the fuzzer sent it: the six characters \ud83d, which JSON.parse turns into half a pair.
  const RAW = '{"channel":"sms","destination":"6281234567890","external_id":"\\ud83d"}';
  let live: Awaited<ReturnType<typeof startLiveV3Server>>;
  beforeAll(async () => {
    live = await startLiveV3Server();
  });
  afterAll(() => live.close());

  it("answers POST /v3/request with 400 VALIDATION_ERROR under Next and through the production front, charging nothing", async () => {
    expect(RAW).toContain("\\ud83d");
    const m = await newMerchant({ saldo: 10_000 });
    const underNext = await readEnvelope(await requestRoute(v3Request("/v3/request", { key: m.key, rawBody: RAW })));
    const res = await fetch(`${live.baseUrl}/v3/request`, { method: "POST", headers: { authorization: `Bearer ${m.key}`, "content-type": "application/json" }, body: RAW });
    const overHttp = { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
    for (const answer of [underNext, overHttp]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/^external_id berisi karakter Unicode yang tidak valid/) });
    }
    expect(await saldoOf(m.id)).toBe(10_000);
  });
});

describe("a lone UTF-16 surrogate in dashboard input", () => {
  it("is refused with BAD_REQUEST naming the field, before any service runs", async () => {
    const m = await newMerchant({ brandName: "Toko Awal" });
    const caller = callerFor({ merchantPublicId: m.merchantId });
    await expect(caller.account.updateBrand({ brandName: `Toko ${LOW}`, brandEmail: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "brandName: Isian berisi karakter Unicode yang tidak valid.",
    });
    await expect(caller.webhooks.setUrl({ url: `https://x.id/${HIGH}` })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^url: /) });
    expect((await (await getDb()).merchant.findUniqueOrThrow({ where: { id: m.id } })).brandName).toBe("Toko Awal");
  });
});

describe("NUL in the ids of the test endpoints' bodies", () => {
  it("answers POST /v3/test/receipts and /v3/test/inbound-whatsapp with 400 VALIDATION_ERROR naming the field", async () => {
    const m = await newMerchant();
    const receipt = await readEnvelope(await testReceiptsRoute(v3Request("/v3/test/receipts", { key: m.testKey, body: { otp_id: "6281234567890\u0000", status: "delivered" } })));
    expect(receipt.status).toBe(400);
    expect(receipt.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: "otp_id tidak boleh berisi karakter kontrol." });
    const inbound = await readEnvelope(await testInboundRoute(v3Request("/v3/test/inbound-whatsapp", { key: m.testKey, body: { from: `${PHONE}\u0000`, text: "KODE" } })));
    expect(inbound.status).toBe(400);
    expect(inbound.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: "from tidak boleh berisi karakter kontrol." });
  });
});

describe("NUL in the query of GET /v3/test/messages", () => {
  it.each([
    ["otp_id=%00", "otp_id"],
    ["otp_id=OTP%00x", "otp_id"],
    ["destination=6281234567890%00", "destination"],
    ["destination=a%01b", "destination"],
  ])("answers ?%s with 400 VALIDATION_ERROR naming %s, for GET and HEAD", async (query, field) => {
    const m = await newMerchant();
    for (const method of ["GET", "HEAD"]) {
      const res = await testMessagesRoute(v3Request(`/v3/test/messages?${query}`, { key: m.testKey, method }));
      expect(res.status, `${method} ?${query}`).toBe(400);
      const body = JSON.parse(await res.text()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.message).toBe(`${field} tidak boleh berisi karakter kontrol.`);
    }
  });
});

describe("a creation whose charge is committed", () => {
  it("is answered as a success, with the saldo it left, even when presenting the answer fails", async () => {
    // The transports refuse a lone surrogate now; handed to the service directly, it still
    // makes the whatsapp_inbound answer's wa_link (encodeURIComponent) throw after the commit.
    const m = await newMerchant({ saldo: 98_200 });
    const profile = await loadMerchantProfile(m.id);
    const logged = captureLog();
    const answer = await createOtp(profile, {
      mode: "request",
      channel: "whatsapp_inbound",
      destination: null,
      brand: LOW,
      otpLength: 6,
      ttlSeconds: 300,
      externalId: "r1",
      suppliedCode: null,
      signals: null,
      fallback: [],
      fallbackAfterSeconds: 20,
    }).finally(logged.restore);
    expect(otpTransactionData.safeParse(answer).success).toBe(true);
    expect(answer).toMatchObject({ channel: "whatsapp_inbound", status: "pending", last_balance: await saldoOf(m.id) });
    expect(await saldoOf(m.id)).toBe(98_200 - answer.price);
    expect(logged.lines).toContainEqual(expect.objectContaining({ level: "error", otp_id: answer.otp_id }));
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });
});
