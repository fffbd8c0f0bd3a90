// POST /v3/request and POST /v3/send: what protects merchants and end users — no code,
// code hash, calling number or key in a response or stored in the clear, no overdraft or
// double creation under concurrency, external_ids scoped to their merchant, and the
// per-destination limits (429 DESTINATION_RATE_LIMITED) against message pumping.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { sha256Hex } from "@/server/lib/hashing";
import { VendorUnavailableError } from "@/server/channels/channel";
import { registerVendorSelector } from "@/server/channels/registry";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { hashCode } from "@/server/services/otp/code-hash";
import { deliveredCode, expectLedgerBalanced, newMerchant, saldoOf } from "../../../harness/v3-fixtures";
import { scanEveryResponse, getOtpDetail, requestOtp, sendOtp, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

const PHONE = "6281234567890";

function leaves(value: unknown, key = ""): Array<[string, unknown]> {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, Array.isArray(value) ? key : k));
  }
  return [[key, value]];
}

describe("POST /v3/request and /v3/send: no code, code hash, calling number or key leaves the service or is stored in the clear", () => {
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

  it("stores only the calling number's prefix and the keyed hash of its trailing digits", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    const otpId = res.body.data!.otp_id as string;
    const [message] = await listSandboxMessages({ otpId });
    const db = await getDb();
    const row = await db.otpTransaction.findUniqueOrThrow({ where: { otpId } });
    expect(row.misscallPrefix).toBe(message.caller!.slice(0, -4));
    expect(row.codeHash).toBe(hashCode(otpId, message.code));
    expect(JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(message.caller!);
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
});

describe("POST /v3/request: parallel creations cannot overdraw the saldo", () => {
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

describe("POST /v3/request: an external_id replays only within its merchant, and a storm of duplicates creates one OTP", () => {
  it("keeps external_id per merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const ra = await requestOtp(a.key, { channel: "sms", destination: PHONE, external_id: "same" });
    const rb = await requestOtp(b.key, { channel: "sms", destination: PHONE, external_id: "same" });
    expect(rb.body.data!.otp_id).not.toBe(ra.body.data!.otp_id);
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
});

describe("POST /v3/request: 429 DESTINATION_RATE_LIMITED — per-destination limits against message pumping", () => {
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
    const db = await getDb();
    const created = await db.otpTransaction.findMany({ where: { merchantId: m.id }, select: { createdAt: true } });
    const freesAt = Math.min(...created.map((o) => o.createdAt.getTime())) + 10 * 60_000;
    const before = Date.now();
    const refused = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    const after = Date.now();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    // The oldest of the five ages out of the 10-minute window at freesAt: the answer counts
    // from the moment the request was refused (between before and after), in whole seconds.
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil((freesAt - after) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.ceil((freesAt - before) / 1000));
    expect(seconds).toBeGreaterThan(1);
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
