// POST /v3/request and POST /v3/send (spec "Create OTP", "Send OTP"), what a merchant
// gets when things go right: an OTP on every channel, clamped lengths and TTLs, otp_ids
// and WIB times as documented, one charge (none for a failed delivery), and a repeated
// external_id replaying the original transaction.
import { describe, expect, it } from "vitest";
import { POST as requestRoute } from "@/app/v3/request/route";
import { getDb } from "@/server/db/client";
import { formatWib, parseWib, wibDay } from "@/lib/wib-time";
import { nextOtpId } from "@/server/services/otp/otp-id";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../../../harness/env-override";
import { readEnvelope, v3Request } from "../../../harness/http";
import { useStandInVendors } from "../../../harness/stand-in-vendors";
import { newMerchant, deliveredCode, expectLedgerBalanced, saldoOf } from "../../../harness/v3-fixtures";
import { scanEveryResponse, getOtpDetail, requestOtp, sendOtp, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

const PHONE = "6281234567890";

describe("POST /v3/request: every channel creates an OTP to the destination given", () => {
  it.each(["whatsapp", "sms", "voice"])("creates a %s OTP with status sent, price and last_balance, without verification", async (channel) => {
    const m = await newMerchant({ saldo: 10_000 });
    const res = await requestOtp(m.key, { channel, destination: PHONE });
    expect(res.status).toBe(200);
    const price = { whatsapp: 350, sms: 450, voice: 800 }[channel]!;
    expect(res.body).toMatchObject({ success: true, error: null, data: { status: "sent", channel, number: PHONE, price, last_balance: 10_000 - price } });
    expect(res.body.data).not.toHaveProperty("verification");
  });

  it("creates an email OTP to the address given", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "email", destination: "Budi@Example.co.id" });
    expect(res.body.data).toMatchObject({ status: "sent", channel: "email", number: "budi@example.co.id", price: 100 });
  });

  it("prefers destination over number, and uses email only for the email channel when both are empty", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, number: "6289999999999" })).body.data?.number).toBe(PHONE);
    expect((await requestOtp(m.key, { channel: "sms", number: "6289999999998" })).body.data?.number).toBe("6289999999998");
    expect((await requestOtp(m.key, { channel: "email", email: "a@b.co" })).body.data?.number).toBe("a@b.co");
    expect((await requestOtp(m.key, { channel: "email", number: "x@y.co", email: "a@b.co" })).body.data?.number).toBe("x@y.co");
    expect((await requestOtp(m.key, { channel: "sms", email: "a@b.co" })).body.error?.code).toBe("INVALID_NUMBER");
  });
});

describe("POST /v3/request: otp_length and ttl are clamped; otp_id and times follow the spec", () => {
  it.each([
    [undefined, 6],
    [2, 4],
    [4, 4],
    [8, 8],
    [12, 8],
    ["7", 7],
  ])("clamps otp_length %j to %i digits, never a 400", async (otpLength, expected) => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE, otp_length: otpLength });
    expect(res.status).toBe(200);
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    expect(message.code).toMatch(new RegExp(`^\\d{${expected}}$`));
  });

  it.each([
    [undefined, 300],
    [10, 60],
    [60, 60],
    [900, 900],
    [5000, 900],
  ])("clamps ttl %j to %i seconds in expires_at", async (ttl, expected) => {
    const m = await newMerchant();
    const before = Date.now();
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE, ttl });
    const after = Date.now();
    const expires = parseWib(res.body.data!.expires_at as string)!.getTime();
    // Created between before and after (expires_at is to the second), however long the call took.
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + expected * 1000);
    expect(expires).toBeLessThanOrEqual(after + expected * 1000);
  });

  it("clamps a JSON number too large for a double (1e400) like any other out-of-range ttl or otp_length", async () => {
    const m = await newMerchant();
    const rawBody = `{"channel":"sms","destination":"${PHONE}","ttl":1e400,"otp_length":-1e400}`;
    const before = Date.now();
    const res = await readEnvelope(await requestRoute(v3Request("/v3/request", { key: m.key, rawBody, headers: { "x-forwarded-for": "203.0.113.10" } })));
    expect(res.status).toBe(200);
    expect(parseWib(res.body.data!.expires_at as string)!.getTime() - before).toBeGreaterThanOrEqual(899_000);
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    expect(message.code).toMatch(/^\d{4}$/);
  });

  it("always delivers 4 digits for voice whatever otp_length says, reading each digit separately", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "voice", destination: PHONE, otp_length: 8, brand: "Bank Maju" });
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    expect(message.code).toMatch(/^\d{4}$/);
    expect(message.text).toContain("Bank Maju");
    expect(message.text).toContain(message.code.split("").join(", "));
  });

  it("uses the account brand_name when brand is not given", async () => {
    const m = await newMerchant({ brandName: "Warung Sejahtera" });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    expect(message.text).toContain("Warung Sejahtera");
  });

  it("formats otp_id as OTP + WIB date + 4 uppercase letters + a 6-digit daily counter", async () => {
    const m = await newMerchant();
    const a = (await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    const b = (await requestOtp(m.key, { channel: "sms", destination: "6281234567891" })).body.data!.otp_id as string;
    const today = formatWib(new Date()).slice(0, 10).replaceAll("-", "");
    expect(a).toMatch(new RegExp(`^OTP${today}[A-Z]{4}\\d{6}$`));
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it("gives every OTP a distinct counter value under concurrent creation", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => requestOtp(m.key, { channel: "email", destination: `user${i}@x.co` })));
    const counters = results.map((r) => (r.body.data!.otp_id as string).slice(-6));
    expect(new Set(counters).size).toBe(20);
  });

  it("keeps counting past 999999 in a day with more digits instead of wrapping, going on after a day the old counter row started", async () => {
    const db = await getDb();
    const noon = new Date("2031-06-01T05:00:00Z");
    const day = wibDay(noon).toISOString().slice(0, 10);
    await db.$executeRaw`INSERT INTO otp_daily_counters (day, value) VALUES (${day}::date, 999999)`;
    expect(await nextOtpId(noon)).toMatch(/^OTP20310601[A-Z]{4}1000000$/);
    expect(await nextOtpId(noon)).toMatch(/^OTP20310601[A-Z]{4}1000001$/);
  });

  it("writes timestamps as YYYY-MM-DD HH:MM:SS in WIB", async () => {
    const m = await newMerchant();
    const before = Date.now();
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE, ttl: 300 });
    const after = Date.now();
    const expiresAt = res.body.data!.expires_at as string;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Read back as UTC+7, the string is the creation time plus the TTL, to the second.
    const asWib = Date.parse(`${expiresAt.replace(" ", "T")}+07:00`);
    expect(asWib).toBeGreaterThanOrEqual(Math.floor((before + 300_000) / 1000) * 1000);
    expect(asWib).toBeLessThanOrEqual(after + 300_000);
  });

  it("takes the day's counter values in blocks of 32: one database round trip per 32 otp_ids, none lost among parallel callers", async () => {
    const db = await getDb();
    const noon = new Date("2031-08-01T05:00:00Z");
    const ids = await Promise.all(Array.from({ length: 40 }, () => nextOtpId(noon)));
    expect(ids.map((id) => Number(id.slice(-6))).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Two blocks taken from the day's counter row, the second one partly used.
    const [{ value }] = await db.$queryRawUnsafe<{ value: bigint }[]>("SELECT value FROM otp_daily_counters WHERE day = '2031-08-01'");
    expect(Number(value)).toBe(64);
  });

  it("draws from the day's sequence where an instance of the previous release made one, so both releases count from one source during a rolling upgrade", async () => {
    const db = await getDb();
    const noon = new Date("2031-09-01T05:00:00Z");
    await db.$executeRawUnsafe("CREATE SEQUENCE otp_ids_20310901 AS bigint START WITH 501");
    expect(await nextOtpId(noon)).toMatch(/^OTP20310901[A-Z]{4}000501$/);
    const [{ last_value }] = await db.$queryRawUnsafe<{ last_value: bigint }[]>("SELECT last_value FROM otp_ids_20310901");
    expect(Number(last_value)).toBe(532);
    expect(await db.$queryRawUnsafe("SELECT * FROM otp_daily_counters WHERE day = '2031-09-01'")).toEqual([]);
  });

  it("restarts the otp_id counter at 000001 when the WIB day changes (midnight WIB is 17:00 UTC)", async () => {
    const lastSecond = new Date("2031-03-04T16:59:59Z");
    const nextDay = new Date("2031-03-04T17:00:00Z");
    expect(await nextOtpId(lastSecond)).toMatch(/^OTP20310304[A-Z]{4}000001$/);
    expect(await nextOtpId(lastSecond)).toMatch(/^OTP20310304[A-Z]{4}000002$/);
    expect(await nextOtpId(nextDay)).toMatch(/^OTP20310305[A-Z]{4}000001$/);
    expect(await nextOtpId(lastSecond)).toMatch(/^OTP20310304[A-Z]{4}000003$/);
  });
});

describe("POST /v3/request: misscall answers the calling number's prefix; the code is its last 4 digits", () => {
  it("returns the calling number's prefix and otp_length 4; the code is its trailing 4 digits", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE, otp_length: 6 });
    expect(res.body.data).toMatchObject({ status: "sent", channel: "misscall", price: 250, verification: { otp_length: 4 } });
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    const verification = res.body.data!.verification as { prefix: string };
    expect(message.caller).toBe(`${verification.prefix}${message.code}`);
    expect(message.code).toMatch(/^\d{4}$/);
    expect(JSON.stringify(res.body)).not.toContain(message.caller!);
  });

  it("calls from a number of SANDBOX_MISSCALL_POOL when one is configured", async () => {
    const restore = overrideEnv({ SANDBOX_MISSCALL_POOL: "622150001234, +622150005678" });
    try {
      const m = await newMerchant();
      for (let i = 0; i < 2; i++) {
        const res = await requestOtp(m.key, { channel: "misscall", destination: `62812345678${i}1` });
        expect(res.body.data!.verification).toEqual({ prefix: "62215000", otp_length: 4 });
        const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
        expect(["622150001234", "622150005678"]).toContain(message.caller);
      }
    } finally {
      restore();
    }
  });
});

describe("POST /v3/request: the sandbox records what a vendor would deliver, and fails the documented test destinations", () => {
  it("records the SMS a vendor would carry: the SMS Retriever form with the app hash on its last line when the merchant has one", async () => {
    const m = await newMerchant({ brandName: "Kopi Senja" });
    await updateMerchant(m.id, { smsAppHash: "FA+9qCX9VSu" });
    const otpId = (await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    const [message] = await listSandboxMessages({ otpId });
    expect(message.text).toBe(`<#> ${message.code} adalah kode verifikasi Kopi Senja. Jangan berikan kepada siapa pun.\nFA+9qCX9VSu`);
  });

  it("records every message with Indonesian text naming the brand and a digit code; misscall also records the caller", async () => {
    const m = await newMerchant({ brandName: "Koperasi Sejahtera" });
    const bodies = [
      { channel: "whatsapp", destination: "6281234567801" },
      { channel: "sms", destination: "6281234567802" },
      { channel: "email", destination: "budi@toko.id" },
      { channel: "voice", destination: "6281234567803" },
      { channel: "misscall", destination: "6281234567804" },
    ];
    for (const body of bodies) {
      const otpId = (await requestOtp(m.key, body)).body.data!.otp_id as string;
      const [message] = await listSandboxMessages({ otpId });
      expect(message).toMatchObject({ channel: body.channel, destination: body.destination });
      expect(message.text).toContain("Koperasi Sejahtera");
      expect(message.text).toMatch(/kode verifikasi/i);
      expect(message.code).toMatch(/^\d{4,8}$/);
      expect(message.caller === null).toBe(body.channel !== "misscall");
    }
  });

  it("fails delivery to a phone ending in 0000 on every phone channel and to an e-mail whose local part is fail, recording it", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    for (const body of [
      { channel: "whatsapp", destination: "6281234560000" },
      { channel: "sms", destination: "6281234560000" },
      { channel: "voice", destination: "6281234560000" },
      { channel: "misscall", destination: "6281234560000" },
      { channel: "email", destination: "FAIL@toko.id" },
    ]) {
      const res = await requestOtp(m.key, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: "failed", last_balance: 10_000 });
      expect(res.body.data).not.toHaveProperty("verification");
      const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
      expect(message.code).toMatch(/^\d+$/);
    }
    expect((await requestOtp(m.key, { channel: "email", destination: "failsafe@toko.id" })).body.data?.status).toBe("sent");
  });
});

describe("POST /v3/request: whatsapp_inbound answers pending with the message the user is to send", () => {
  it("answers pending with wa_number, the exact message, a wa.me link and the same expiry", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const data = res.body.data!;
    const v = data.verification as { wa_number: string; message: string; wa_link: string; expires_at: string };
    expect(data).toMatchObject({ status: "pending", channel: "whatsapp_inbound", number: PHONE, price: 300 });
    expect(v.wa_number).toMatch(/^\d{10,15}$/);
    expect(v.wa_link).toBe(`https://wa.me/${v.wa_number}?text=${encodeURIComponent(v.message)}`);
    expect(v.expires_at).toBe(data.expires_at);
    expect(await listSandboxMessages({ otpId: data.otp_id as string })).toEqual([]);
  });

  it("answers an unbound request (no destination) with number null", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp_inbound" });
    expect(res.body.data).toMatchObject({ status: "pending", number: null });
  });
});

describe("POST /v3/request: the channel price is charged once, and never for a failed delivery", () => {
  const vendors = useStandInVendors();

  it("charges the channel price once, with a ledger row referencing the otp_id", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.body.data).toMatchObject({ price: 450, last_balance: 550 });
    const db = await getDb();
    const ledger = await db.ledgerEntry.findMany({ where: { merchantId: m.id, reason: "otp_charge" } });
    expect(ledger.map((l) => [l.amount, l.reference])).toEqual([[-450n, res.body.data!.otp_id]]);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("uses the merchant's price override", async () => {
    const m = await newMerchant({ saldo: 1000 });
    await updateMerchant(m.id, { prices: { sms: 123 } });
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data).toMatchObject({ price: 123, last_balance: 877 });
  });

  it("does not charge a failed delivery: 200 status failed, price shown, last_balance unchanged, and the detail's price (credits charged) is 0", async () => {
    const m = await newMerchant({ saldo: 1000 });
    for (const body of [{ channel: "sms", destination: "6281234560000" }, { channel: "email", destination: "fail@toko.id" }]) {
      const res = await requestOtp(m.key, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: "failed", last_balance: 1000 });
      expect(res.body.data!.price).toBeGreaterThan(0);
      expect((await getOtpDetail(m.key, res.body.data!.otp_id as string)).body.data).toMatchObject({ status: "failed", price: 0 });
      expect((await listSandboxMessages({ otpId: res.body.data!.otp_id as string }))[0].code).toMatch(/^\d+$/);
    }
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("treats a misscall the vendor placed without reporting the calling number as a failed, free delivery", async () => {
    vendors.standIn("misscall", async () => ({ outcome: "sent", provider: "stand-in" }));
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", price: 250, last_balance: 1000 });
    expect(res.body.data).not.toHaveProperty("verification");
    expect(await saldoOf(m.id)).toBe(1000);
  });
});

describe("POST /v3/request: a repeated external_id replays the original transaction for 24 hours", () => {
  it("replays the original transaction for identical parameters: same otp_id, current status, no message, no charge", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const first = await requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "login-42", ttl: 120 });
    const otpId = first.body.data!.otp_id as string;
    await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    const replay = await requestOtp(m.key, { channel: "sms", number: PHONE, external_id: "login-42", ttl: 600, brand: "Lain" });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ otp_id: otpId, status: "verified", last_balance: 550 });
    expect(await listSandboxMessages({ merchantId: m.id })).toHaveLength(1);
    expect(await saldoOf(m.id)).toBe(550);
  });

  it("replays with the deliveries the first answer and GET /v3/otp/{otp_id} carry, routes included", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const first = await requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "login-43" });
    const deliveries = first.body.data!.deliveries;
    expect(deliveries).toEqual([{ channel: "sms", status: "sent", price: 450, sent_at: expect.any(String), route: "sandbox", route_reason: "only_route" }]);
    const replay = await requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "login-43" });
    expect(replay.body.data).toEqual(first.body.data);
    const detail = await getOtpDetail(m.key, first.body.data!.otp_id as string);
    expect(detail.body.data!.deliveries).toEqual(deliveries);
  });

  it("accepts the same external_id again after 24 hours as a new transaction", async () => {
    const m = await newMerchant();
    const first = await requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "old" });
    const db = await getDb();
    await db.idempotencyKey.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const again = await requestOtp(m.key, { channel: "email", destination: "a@b.co", external_id: "old" });
    expect(again.status).toBe(200);
    expect(again.body.data!.otp_id).not.toBe(first.body.data!.otp_id);
  });

  it("answers a replay before destination limits are checked", async () => {
    const m = await newMerchant();
    const first = await requestOtp(m.key, { channel: "misscall", destination: PHONE, external_id: "call" });
    await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    const replay = await requestOtp(m.key, { channel: "misscall", destination: PHONE, external_id: "call" });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ otp_id: first.body.data!.otp_id, verification: first.body.data!.verification });
  });
});

describe("POST /v3/send: delivers the merchant's own code, and replays like /v3/request", () => {
  it("delivers the merchant's code, never echoing it", async () => {
    const m = await newMerchant();
    const res = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "0042", otp_length: 8 });
    expect(res.body.data).toMatchObject({ status: "sent", channel: "sms", price: 450 });
    expect(JSON.stringify(res.body)).not.toContain("0042");
    const [message] = await listSandboxMessages({ otpId: res.body.data!.otp_id as string });
    expect(message.code).toBe("0042");
  });

  it("replays a /v3/send with the same channel, destination and otp: same otp_id, no second message, no charge", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const first = await sendOtp(m.key, { channel: "email", destination: "pelanggan@toko.id", otp: "482913", external_id: "reset-7" });
    expect(first.body.data).toMatchObject({ status: "sent", price: 100, last_balance: 900 });
    const replay = await sendOtp(m.key, { channel: "email", email: "pelanggan@toko.id", otp: "482913", external_id: "reset-7", ttl: 900 });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ otp_id: first.body.data!.otp_id, status: "sent", last_balance: 900 });
    expect(await listSandboxMessages({ merchantId: m.id })).toHaveLength(1);
    expect(await saldoOf(m.id)).toBe(900);
  });
});
