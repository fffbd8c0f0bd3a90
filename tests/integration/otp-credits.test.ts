import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { sha256Hex } from "@/server/lib/hashing";
import { VendorUnavailableError, type DeliveryResult } from "@/server/channels/channel";
import { registerVendorSelector } from "@/server/channels/registry";
import { setChannelEnabled } from "@/server/services/channels/channel-settings";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { deliveredCode, expectLedgerBalanced, newMerchant, saldoOf } from "../harness/v3-fixtures";
import { scanEveryResponse, getOtpDetail, requestOtp, sendOtp, verify } from "../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

const PHONE = "6281234567890";

describe("credits", () => {
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

  it("answers 402 INSUFFICIENT_BALANCE when saldo is below the price, creating and sending nothing", async () => {
    const m = await newMerchant({ saldo: 449 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(402);
    expect(res.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await listSandboxMessages({ destination: PHONE })).toEqual([]);
  });

  it("lets exactly 10 of 50 parallel creations through with credit for 10: saldo 0, 10 charges, ledger balanced", async () => {
    const m = await newMerchant({ saldo: 4500 });
    await updateMerchant(m.id, { rateLimit: 1000 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => requestOtp(m.key, { channel: "sms", destination: `62812${10_000_001 + i * 7}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await saldoOf(m.id)).toBe(0);
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_charge" } })).toBe(10);
    expect(await listSandboxMessages({ merchantId: m.id })).toHaveLength(10);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });
});

describe("idempotency with external_id", () => {
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

  it("keys the stored fingerprint, so a send code cannot be brute-forced from the database", async () => {
    const m = await newMerchant();
    const res = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "4821", external_id: "fp" });
    const db = await getDb();
    const row = await db.otpTransaction.findUniqueOrThrow({ where: { otpId: res.body.data!.otp_id as string } });
    const claim = await db.idempotencyKey.findFirstOrThrow({ where: { merchantId: m.id } });
    expect(claim.fingerprint).toBe(row.fingerprint);
    const unkeyed = new Set<string>();
    for (let n = 0; n < 10_000; n++) {
      const code = String(n).padStart(4, "0");
      for (const sep of ["|", ":", ""]) unkeyed.add(sha256Hex(["sms", PHONE, code].join(sep)));
    }
    expect(unkeyed.has(row.fingerprint)).toBe(false);
  });

  it("keeps external_id per merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const ra = await requestOtp(a.key, { channel: "sms", destination: PHONE, external_id: "same" });
    const rb = await requestOtp(b.key, { channel: "sms", destination: PHONE, external_id: "same" });
    expect(rb.body.data!.otp_id).not.toBe(ra.body.data!.otp_id);
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

  it("produces exactly one transaction from concurrent duplicates", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 1000 });
    const results = await Promise.all(Array.from({ length: 15 }, () => requestOtp(m.key, { channel: "sms", destination: PHONE, external_id: "storm" })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data!.otp_id)).size).toBe(1);
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(1);
    expect(await saldoOf(m.id)).toBe(10_000 - 450);
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

describe("per-destination limits", () => {
  it("allows 5 messages per 10 minutes to one destination and answers the 6th with 429 DESTINATION_RATE_LIMITED", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: i % 2 ? "sms" : "whatsapp", destination: PHONE })).status).toBe(200);
    const sixth = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error?.code).toBe("DESTINATION_RATE_LIMITED");
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281234567891" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).status).toBe(200);
  });

  it("allows 10 messages per hour", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) await requestOtp(m.key, { channel: "sms", destination: PHONE });
    const db = await getDb();
    await db.otpTransaction.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).status).toBe(200);
    await db.otpTransaction.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("allows 2 calls (misscall and voice together) per 10 minutes", async () => {
    const m = await newMerchant();
    expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "voice", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("allows 4 calls per hour", async () => {
    const m = await newMerchant();
    const db = await getDb();
    for (const channel of ["misscall", "voice"]) expect((await requestOtp(m.key, { channel, destination: PHONE })).status).toBe(200);
    await db.otpTransaction.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
    for (const channel of ["voice", "misscall"]) expect((await requestOtp(m.key, { channel, destination: PHONE })).status).toBe(200);
    await db.otpTransaction.updateMany({ where: { merchantId: m.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
    expect((await requestOtp(m.key, { channel: "voice", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("counts a bound whatsapp_inbound with the messages class", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 4; i++) expect((await requestOtp(m.key, { channel: "whatsapp", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "email", destination: "a@b.co" })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("counts per merchant: another merchant's OTPs to the same destination do not use up this merchant's limit", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    for (let i = 0; i < 5; i++) expect((await requestOtp(a.key, { channel: "sms", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(a.key, { channel: "sms", destination: PHONE })).status).toBe(429);
    expect((await requestOtp(b.key, { channel: "sms", destination: PHONE })).status).toBe(200);
  });

  it("counts failed deliveries", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: "6281234560000" })).body.data?.status).toBe("failed");
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281234560000" })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("tells in Retry-After (and RateLimit-Reset) the seconds until the destination's window frees, not one second", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).status).toBe(200);
    const refused = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    // The oldest of the five was created a moment ago: it ages out of the 10-minute window in just under 600 s.
    expect(seconds).toBeGreaterThan(540);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(refused.headers.get("ratelimit-reset")).toBe(String(seconds));
  });

  it("counts a number written the local way (0812…) and the international way (62812…) as one destination, echoing each as sent", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 3; i++) expect((await requestOtp(m.key, { channel: "sms", destination: "6281234567890" })).body.data?.number).toBe("6281234567890");
    for (let i = 0; i < 2; i++) expect((await requestOtp(m.key, { channel: "sms", destination: "081234567890" })).body.data?.number).toBe("081234567890");
    expect((await requestOtp(m.key, { channel: "sms", destination: "081234567890" })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281234567890" })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("does not count requests rejected for lack of credit", async () => {
    const m = await newMerchant({ saldo: 100 });
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).status).toBe(402);
    await adjustBalance(m.id, 10_000, "top up for the test");
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).status).toBe(200);
  });

  it("does not count creations the vendor could not be reached for (503)", async () => {
    const undo = registerVendorSelector((channel) =>
      channel === "misscall" ? { provider: "stand-in", deliver: async () => { throw new VendorUnavailableError("dead", "connect ECONNREFUSED"); } } : null,
    );
    const m = await newMerchant();
    try {
      for (let i = 0; i < 2; i++) expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    } finally {
      undo();
    }
    for (let i = 0; i < 2; i++) expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).status).toBe(200);
    expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).body.error?.code).toBe("DESTINATION_RATE_LIMITED");
  });

  it("never exceeds the limit under concurrent requests", async () => {
    const m = await newMerchant();
    await updateMerchant(m.id, { rateLimit: 1000 });
    const results = await Promise.all(Array.from({ length: 12 }, () => requestOtp(m.key, { channel: "sms", destination: PHONE })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it("does not limit unbound whatsapp_inbound", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 7; i++) expect((await requestOtp(m.key, { channel: "whatsapp_inbound" })).status).toBe(200);
  });
});

describe("channel availability", () => {
  const restore: (() => unknown)[] = [];
  afterEach(async () => {
    for (const undo of restore.splice(0)) await undo();
  });
  const adapter = (deliver: () => Promise<never> | Promise<DeliveryResult>) => ({ provider: "stand-in", deliver });

  it("answers a disabled channel with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    const m = await newMerchant({ saldo: 1000 });
    await setChannelEnabled("sms", false);
    restore.push(() => setChannelEnabled("sms", true));
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    const db = await getDb();
    expect(await db.otpTransaction.count({ where: { merchantId: m.id } })).toBe(0);
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: PHONE })).status).toBe(200);
  });

  it("answers an unreachable vendor with 503 CHANNEL_UNAVAILABLE, refunds, keeps the row as failed, and frees the external_id", async () => {
    restore.push(
      registerVendorSelector((channel) => (channel === "voice" ? adapter(async () => { throw new VendorUnavailableError("dead", "connect ECONNREFUSED"); }) : null)),
    );
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
    for (const undo of restore.splice(0)) await undo();
    const retry = await requestOtp(m.key, { channel: "voice", destination: PHONE, external_id: "v1" });
    expect(retry.status).toBe(200);
    expect(await saldoOf(m.id)).toBe(200);
  });

  it("answers an adapter that crashes with 503 CHANNEL_UNAVAILABLE and refunds, never a 500", async () => {
    restore.push(registerVendorSelector((channel) => (channel === "sms" ? adapter(async () => { throw new TypeError("undefined is not a function"); }) : null)));
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("treats a misscall the vendor placed without reporting the calling number as a failed, free delivery", async () => {
    restore.push(registerVendorSelector((channel) => (channel === "misscall" ? adapter(async () => ({ outcome: "sent", provider: "stand-in" })) : null)));
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", price: 250, last_balance: 1000 });
    expect(res.body.data).not.toHaveProperty("verification");
    expect(await saldoOf(m.id)).toBe(1000);
  });
});

describe("secrets never leave the service", () => {
  it("never returns a code, its hash or an API key in any response of a full flow", async () => {
    const m = await newMerchant();
    const bodies: string[] = [];
    const r1 = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    const r2 = await sendOtp(m.key, { channel: "email", destination: "a@b.co", otp: "735194" });
    const r3 = await requestOtp(m.key, { channel: "misscall", destination: "6281234567892" });
    bodies.push(JSON.stringify(r1.body), JSON.stringify(r2.body), JSON.stringify(r3.body));
    const ids = [r1, r2, r3].map((r) => r.body.data!.otp_id as string);
    const codes = await Promise.all(ids.map(deliveredCode));
    for (const id of ids) bodies.push(JSON.stringify((await getOtpDetail(m.key, id)).body));
    bodies.push(JSON.stringify((await verify(m.key, { otp_id: ids[0], otp: "000000" })).body));
    bodies.push(JSON.stringify((await verify(m.key, { otp_id: ids[0], otp: codes[0] })).body));
    const db = await getDb();
    const hashes = (await db.otpTransaction.findMany({ where: { merchantId: m.id } })).map((o) => o.codeHash!);
    const callers = (await listSandboxMessages({ merchantId: m.id })).map((s) => s.caller).filter(Boolean) as string[];
    // A 4-digit misscall code can appear by chance inside other digit strings (ids, times,
    // the misscall prefix, a balance such as 99200), so each field is checked on its own:
    // no field may be a code, and no free-text field may carry one.
    const digitFields = new Set(["otp_id", "existing_otp_id", "expires_at", "verified_at", "prefix"]);
    for (const body of bodies) {
      for (const secret of [...hashes, ...callers, m.key]) expect(body).not.toContain(secret);
      for (const [key, value] of leaves(JSON.parse(body))) {
        for (const code of codes) {
          expect(String(value), key).not.toBe(code);
          if (typeof value === "string" && !digitFields.has(key)) expect(value, key).not.toContain(code);
        }
      }
    }
  });
});

function leaves(value: unknown, key = ""): Array<[string, unknown]> {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, Array.isArray(value) ? key : k));
  }
  return [[key, value]];
}
