// POST /v3/request and POST /v3/send: every documented error — 400 INVALID_CHANNEL,
// INVALID_NUMBER and VALIDATION_ERROR for bad input, 402 INSUFFICIENT_BALANCE, 409
// DUPLICATE_EXTERNAL_ID and 503 CHANNEL_UNAVAILABLE — and that none of them charges.
// 429 DESTINATION_RATE_LIMITED is in security.test.ts with the other limits; 401, 403,
// 405, 413 and 429 RATE_LIMITED apply to every route (../_http/).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { VendorUnavailableError } from "@/server/channels/channel";
import { setChannelEnabled } from "@/server/services/channels/channel-settings";
import { useStandInVendors } from "../../../harness/stand-in-vendors";
import { newMerchant, saldoOf, expectLedgerBalanced } from "../../../harness/v3-fixtures";
import { scanEveryResponse, requestOtp, sendOtp } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

const PHONE = "6281234567890";

describe("POST /v3/request: 400 INVALID_CHANNEL, INVALID_NUMBER or VALIDATION_ERROR for bad input", () => {
  it("answers an unknown channel with 400 INVALID_CHANNEL and a missing one with VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "fax", destination: PHONE })).body.error?.code).toBe("INVALID_CHANNEL");
    expect((await requestOtp(m.key, { channel: 5, destination: PHONE })).body.error?.code).toBe("INVALID_CHANNEL");
    const missing = await requestOtp(m.key, { destination: PHONE });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe("VALIDATION_ERROR");
  });

  it.each([["+6281234567890"], ["0812 3456 7890"], ["0812-3456-789"], ["628123456"], [""]])("answers phone %j with 400 INVALID_NUMBER", async (destination) => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "sms", destination });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("INVALID_NUMBER");
  });

  it("answers an invalid e-mail and a missing destination with 400 INVALID_NUMBER", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "email", destination: "not-an-email" })).body.error?.code).toBe("INVALID_NUMBER");
    expect((await requestOtp(m.key, { channel: "whatsapp" })).body.error?.code).toBe("INVALID_NUMBER");
  });

  it("rejects brand over 50 and external_id over 100 characters with VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, brand: "b".repeat(51) })).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "e".repeat(101) })).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, brand: "b".repeat(50), external_id: "e".repeat(100) })).status).toBe(200);
  });

  it("answers a non-numeric otp_length or ttl with VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, otp_length: "six" })).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, ttl: {} })).body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("requires a brand for voice: the request's, else the account's brand_name, else VALIDATION_ERROR", async () => {
    const m = await newMerchant({ brandName: "" });
    const db = await getDb();
    await db.merchant.update({ where: { id: m.id }, data: { brandName: "" } });
    expect((await requestOtp(m.key, { channel: "voice", destination: PHONE })).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await requestOtp(m.key, { channel: "voice", destination: PHONE, brand: "Maju" })).status).toBe(200);
  });

  it("refuses a destination, number or email holding NUL as INVALID_NUMBER, charging nothing", async () => {
    const m = await newMerchant({ saldo: 1000 });
    for (const body of [
      { channel: "email", destination: "a\u0000b@x.id" },
      { channel: "email", email: "a\u0000b@x.id" },
      { channel: "sms", number: "62812\u00003456789" },
    ]) {
      const res = await requestOtp(m.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("INVALID_NUMBER");
    }
    expect(await saldoOf(m.id)).toBe(1000);
  });

  it("refuses other control characters in an e-mail destination", async () => {
    const m = await newMerchant({ saldo: 1000 });
    for (const destination of ["a\u0001b@x.id", "a@x.id\u007f", "a\u001fb@x.id"]) {
      const res = await requestOtp(m.key, { channel: "email", destination });
      expect(res.status, JSON.stringify(destination)).toBe(400);
      expect(res.body.error?.code).toBe("INVALID_NUMBER");
    }
  });
});

describe("POST /v3/request: 402 INSUFFICIENT_BALANCE when saldo is below the price", () => {
  it("answers 402 INSUFFICIENT_BALANCE when saldo is below the price, creating and sending nothing", async () => {
    const m = await newMerchant({ saldo: 449 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(402);
    expect(res.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await listSandboxMessages({ destination: PHONE })).toEqual([]);
  });
});

describe("POST /v3/request: 503 CHANNEL_UNAVAILABLE when a channel is off or its vendor fails, charging nothing", () => {
  const vendors = useStandInVendors();

  it("answers a disabled channel with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    const m = await newMerchant({ saldo: 1000 });
    await setChannelEnabled("sms", false);
    vendors.undoAfter(() => setChannelEnabled("sms", true));
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: PHONE })).status).toBe(200);
  });

  it("answers an unreachable vendor with 503 CHANNEL_UNAVAILABLE, refunds, keeps the row as failed, and frees the external_id", async () => {
    vendors.standIn("voice", async () => {
      throw new VendorUnavailableError("dead", "connect ECONNREFUSED");
    });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "voice", destination: PHONE, external_id: "v1" });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const db = await getDb();
    expect(await db.otpTransaction.findMany({ where: { merchantId: m.id }, select: { status: true, charged: true, provider: true } })).toEqual([
      // The provider that was tried is on record, not the sandbox.
      { status: "failed", charged: false, provider: "stand-in" },
    ]);
    await vendors.restore();
    const retry = await requestOtp(m.key, { channel: "voice", destination: PHONE, external_id: "v1" });
    expect(retry.status).toBe(200);
    expect(await saldoOf(m.id)).toBe(200);
  });

  it("answers an adapter that crashes with 503 CHANNEL_UNAVAILABLE and refunds, never a 500", async () => {
    vendors.standIn("sms", async () => {
      throw new TypeError("undefined is not a function");
    });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });
});

describe("POST /v3/send: 400 for a channel that cannot carry the merchant's code or a malformed otp", () => {
  it.each(["misscall", "whatsapp_inbound", "voice"])("rejects %s with 400 INVALID_CHANNEL", async (channel) => {
    const m = await newMerchant();
    const res = await sendOtp(m.key, { channel, destination: PHONE, otp: "1234" });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("INVALID_CHANNEL");
  });

  it.each([[undefined], ["12a4"], ["123"], ["123456789"], [1234]])("rejects otp %j with VALIDATION_ERROR", async (otp) => {
    const m = await newMerchant();
    expect((await sendOtp(m.key, { channel: "sms", destination: PHONE, otp })).body.error?.code).toBe("VALIDATION_ERROR");
  });
});

describe("POST /v3/send: 409 DUPLICATE_EXTERNAL_ID for a reused external_id with different parameters", () => {
  it("answers different parameters with 409 DUPLICATE_EXTERNAL_ID and the existing otp_id", async () => {
    const m = await newMerchant();
    const first = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "1234", external_id: "x" });
    for (const body of [
      { channel: "sms", destination: PHONE, otp: "9999", external_id: "x" },
      { channel: "sms", destination: "6281234567899", otp: "1234", external_id: "x" },
      { channel: "whatsapp", destination: PHONE, otp: "1234", external_id: "x" },
    ]) {
      const res = await sendOtp(m.key, body);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "DUPLICATE_EXTERNAL_ID", details: { existing_otp_id: first.body.data!.otp_id } });
    }
  });
});
