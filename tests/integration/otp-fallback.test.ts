// Channel fallback (docs/otp-lifecycle.md): one otp_id and one code across channels,
// each send charged on its own, failures free, the chain driven by the worker's jobs
// (called here with their own clock).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { applyDeliveryReceipt, applySandboxReceipts } from "@/server/services/delivery/receipts";
import { advanceDueFallbacks } from "@/server/services/otp/fallback";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { deliveredCode, expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, saldoOf, sendOtp, verify } from "../harness/v3-fixtures";

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const WA_NEVER_DELIVERED = "6281234560001";
const WA_FAILS = "6281234560002";

type Detail = { channel: string; status: string; price: number; deliveries: { channel: string; status: string; price: number; sent_at: string }[] };

async function detail(key: string, otpId: string): Promise<Detail> {
  const res = await getOtpDetail(key, otpId);
  expect(res.status).toBe(200);
  return res.body.data as unknown as Detail;
}

async function otpRow(otpId: string) {
  const db = await getDb();
  return db.otpTransaction.findUniqueOrThrow({ where: { otpId } });
}

describe("fallback input", () => {
  it("refuses values that are not fallback channels with INVALID_CHANNEL, as for channel", async () => {
    const m = await newMerchant();
    for (const fallback of [["telegram"], ["email"], ["misscall"], ["whatsapp_inbound"]]) {
      const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234567890", fallback });
      expect([res.status, res.body.error?.code], JSON.stringify(fallback)).toEqual([400, "INVALID_CHANNEL"]);
    }
    const voiceOnSend = await sendOtp(m.key, { channel: "whatsapp", destination: "6281234567890", otp: "123456", fallback: ["voice"] });
    expect([voiceOnSend.status, voiceOnSend.body.error?.code]).toEqual([400, "INVALID_CHANNEL"]);
    expect(voiceOnSend.body.error?.message).toContain("/v3/request");
  });

  it("refuses repeats, the primary channel, a list on a channel without fallback and a non-list with VALIDATION_ERROR", async () => {
    const m = await newMerchant();
    const cases: Record<string, unknown>[] = [
      { channel: "whatsapp", destination: "6281234567890", fallback: ["sms", "sms"] },
      { channel: "whatsapp", destination: "6281234567890", fallback: ["whatsapp"] },
      { channel: "misscall", destination: "6281234567890", fallback: ["sms"] },
      { channel: "email", destination: "a@toko.test", fallback: ["sms"] },
      { channel: "whatsapp_inbound", destination: "6281234567890", fallback: ["sms"] },
      { channel: "whatsapp", destination: "6281234567890", fallback: "sms" },
      { channel: "whatsapp", destination: "6281234567890", fallback: [1] },
      { channel: "whatsapp", destination: "6281234567890", fallback: ["sms"], fallback_after: "soon" },
    ];
    for (const body of cases) {
      const res = await requestOtp(m.key, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
    }
    expect(await saldoOf(m.id)).toBe(100_000);
  });

  it("echoes fallback and the clamped fallback_after (10–120, default 20), and nothing when no fallback is given", async () => {
    const m = await newMerchant();
    const cases: [unknown, number][] = [[undefined, 20], [5, 10], [500, 120], ["45", 45]];
    for (const [given, expected] of cases) {
      const res = await requestOtp(m.key, { channel: "sms", destination: `62812345${67000 + expected}`, fallback: ["whatsapp", "voice"], fallback_after: given });
      expect(res.status).toBe(200);
      expect([res.body.data?.fallback, res.body.data?.fallback_after]).toEqual([["whatsapp", "voice"], expected]);
    }
    const plain = await requestOtp(m.key, { channel: "sms", destination: "6281234567111", fallback_after: 30 });
    expect(plain.body.data).not.toHaveProperty("fallback");
    expect(plain.body.data).not.toHaveProperty("fallback_after");
    const empty = await requestOtp(m.key, { channel: "sms", destination: "6281234567112", fallback: [] });
    expect(empty.body.data).not.toHaveProperty("fallback");
  });

  it("uses a 4-digit code for a chain that contains voice", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234567890", otp_length: 8, fallback: ["sms", "voice"] });
    expect(await deliveredCode(res.body.data!.otp_id as string)).toMatch(/^\d{4}$/);
  });
});

describe("fallback delivery", () => {
  it("moves on at once when the first channel fails: the response shows the SMS, only the SMS is charged, the SMS code verifies", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_FAILS, fallback: ["sms"] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", channel: "sms", price: 450, last_balance: 550, fallback: ["sms"], fallback_after: 20 });
    const otpId = res.body.data!.otp_id as string;
    const d = await detail(m.key, otpId);
    expect(d).toMatchObject({ channel: "sms", status: "sent", price: 450 });
    expect(d.deliveries.map((x) => [x.channel, x.status, x.price])).toEqual([["whatsapp", "failed", 0], ["sms", "sent", 450]]);
    expect(d.deliveries[1].sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await saldoOf(m.id)).toBe(550);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const messages = await listSandboxMessages({ otpId });
    expect(messages.map((x) => x.channel).sort()).toEqual(["sms", "whatsapp"]);
    expect(new Set(messages.map((x) => x.code)).size).toBe(1);
    const ok = await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(ok.body.data).toMatchObject({ verified: true });
  });

  it("falls back when the send is not confirmed within fallback_after, charging both sends; the sandbox confirms the SMS", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_NEVER_DELIVERED, fallback: ["sms"], fallback_after: 15 });
    const otpId = res.body.data!.otp_id as string;
    expect(res.body.data).toMatchObject({ status: "sent", channel: "whatsapp", price: 350, last_balance: 650 });

    // The WhatsApp message is never confirmed; before fallback_after nothing moves.
    expect(await applySandboxReceipts(later(5))).toBe(0);
    expect(await advanceDueFallbacks(later(10))).toBe(0);
    expect((await detail(m.key, otpId)).channel).toBe("whatsapp");

    expect(await advanceDueFallbacks(later(16))).toBe(1);
    let d = await detail(m.key, otpId);
    expect(d).toMatchObject({ channel: "sms", status: "sent", price: 800 });
    expect(d.deliveries.map((x) => [x.channel, x.status, x.price])).toEqual([["whatsapp", "sent", 350], ["sms", "sent", 450]]);
    expect(await saldoOf(m.id)).toBe(200);

    expect(await applySandboxReceipts(later(18))).toBe(1);
    d = await detail(m.key, otpId);
    expect(d.status).toBe("success");
    expect(d.deliveries.map((x) => x.status)).toEqual(["sent", "success"]);
    const row = await otpRow(otpId);
    expect([row.nextFallbackAt, row.fallbackCode]).toEqual([null, null]);
    expect(await expectLedgerBalanced(m.id)).toBe(true);

    // The user may enter the code from either message: it is the same one.
    const codes = new Set((await listSandboxMessages({ otpId })).map((x) => x.code));
    expect(codes.size).toBe(1);
    expect((await verify(m.key, { otp_id: otpId, otp: [...codes][0] })).body.data).toMatchObject({ verified: true });
  });

  it("stops the chain when the first send is confirmed", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234567890", fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    expect(await applySandboxReceipts(later(2))).toBe(1);
    expect(await advanceDueFallbacks(later(60))).toBe(0);
    const d = await detail(m.key, otpId);
    expect(d.status).toBe("success");
    expect(d.deliveries.map((x) => [x.channel, x.status])).toEqual([["whatsapp", "success"]]);
    expect((await otpRow(otpId)).fallbackCode).toBeNull();
  });

  it("stops the chain once the OTP is verified", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_NEVER_DELIVERED, fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    expect(await advanceDueFallbacks(later(60))).toBe(0);
    expect((await detail(m.key, otpId)).deliveries).toHaveLength(1);
    expect((await otpRow(otpId)).fallbackCode).toBeNull();
  });

  it("moves on when a receipt reports the send failed, refunding that send", async () => {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234567890", fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    const db = await getDb();
    const first = await db.otpDelivery.findFirstOrThrow({ where: { otp: { otpId }, seq: 1 } });
    const receipt = await applyDeliveryReceipt({ provider: first.provider, providerMessageId: first.providerMessageId!, outcome: "failed", reason: "no WhatsApp" });
    expect(receipt).toMatchObject({ otp_id: otpId, refunded: true });
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await advanceDueFallbacks(later(1))).toBe(1);
    const d = await detail(m.key, otpId);
    expect(d.deliveries.map((x) => [x.channel, x.status, x.price])).toEqual([["whatsapp", "failed", 0], ["sms", "sent", 450]]);
    expect(await saldoOf(m.id)).toBe(550);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("skips a fallback the saldo cannot pay; the OTP ends failed and free when nothing was delivered", async () => {
    const m = await newMerchant({ saldo: 400 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_FAILS, fallback: ["sms"] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", last_balance: 400 });
    const d = await detail(m.key, res.body.data!.otp_id as string);
    expect(d).toMatchObject({ status: "failed", price: 0 });
    expect(d.deliveries.map((x) => [x.channel, x.status, x.price])).toEqual([["whatsapp", "failed", 0], ["sms", "skipped", 0]]);
    expect(await saldoOf(m.id)).toBe(400);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("keeps an OTP whose first send went out usable when the fallback cannot be paid", async () => {
    const m = await newMerchant({ saldo: 400 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_NEVER_DELIVERED, fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    expect(await advanceDueFallbacks(later(21))).toBe(0);
    const d = await detail(m.key, otpId);
    expect(d).toMatchObject({ status: "sent", channel: "whatsapp", price: 350 });
    expect(d.deliveries.map((x) => x.status)).toEqual(["sent", "skipped"]);
    expect(await saldoOf(m.id)).toBe(50);
  });

  it("sends each fallback once when several workers run the timers at the same moment", async () => {
    const m = await newMerchant();
    const otps = [];
    for (let i = 0; i < 4; i++) {
      const res = await requestOtp(m.key, { channel: "whatsapp", destination: `628123456${i}0001`, fallback: ["sms"] });
      otps.push(res.body.data!.otp_id as string);
    }
    const at = later(21);
    const moved = await Promise.all([advanceDueFallbacks(at), advanceDueFallbacks(at), advanceDueFallbacks(at)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(4);
    for (const otpId of otps) {
      const messages = await listSandboxMessages({ otpId });
      expect(messages.map((x) => x.channel).sort()).toEqual(["sms", "whatsapp"]);
    }
    expect(await saldoOf(m.id)).toBe(100_000 - 4 * (350 + 450));
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("never counts a fallback as a creation towards the destination limits", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 5; i++) {
      const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_FAILS, fallback: ["sms"] });
      expect(res.body.data).toMatchObject({ status: "sent", channel: "sms" });
    }
    const sixth = await requestOtp(m.key, { channel: "whatsapp", destination: WA_FAILS, fallback: ["sms"] });
    expect([sixth.status, sixth.body.error?.code]).toEqual([429, "DESTINATION_RATE_LIMITED"]);
  });

  it("answers a replay of the external_id with the OTP as it now stands", async () => {
    const m = await newMerchant();
    const body = { channel: "whatsapp", destination: WA_NEVER_DELIVERED, fallback: ["sms"], external_id: "order-77" };
    const first = await requestOtp(m.key, body);
    expect(first.body.data).toMatchObject({ channel: "whatsapp" });
    await advanceDueFallbacks(later(21));
    const replay = await requestOtp(m.key, body);
    expect(replay.body.data).toMatchObject({ otp_id: first.body.data!.otp_id, channel: "sms", status: "sent", fallback: ["sms"], fallback_after: 20 });
  });

  it("sends the merchant's own code on the fallback channel (/v3/send)", async () => {
    const m = await newMerchant();
    const res = await sendOtp(m.key, { channel: "whatsapp", destination: WA_FAILS, otp: "482913", fallback: ["sms"] });
    expect(res.body.data).toMatchObject({ status: "sent", channel: "sms" });
    expect(await deliveredCode(res.body.data!.otp_id as string)).toBe("482913");
  });

  it("shares attempts across the chain and stops it when the OTP locks", async () => {
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: WA_NEVER_DELIVERED, fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    for (let i = 0; i < 5; i++) await verify(m.key, { otp_id: otpId, otp: "0000" });
    expect(await advanceDueFallbacks(later(21))).toBe(0);
    const row = await otpRow(otpId);
    expect([row.attempts, row.nextFallbackAt, row.fallbackCode]).toEqual([5, null, null]);
  });
});

describe("sandbox magic numbers", () => {
  it("fails WhatsApp at once for …0002 and never confirms it for …0001; other channels to them work and confirm", async () => {
    const m = await newMerchant();
    const failed = await requestOtp(m.key, { channel: "whatsapp", destination: WA_FAILS });
    expect(failed.body.data).toMatchObject({ status: "failed" });
    const silent = await requestOtp(m.key, { channel: "whatsapp", destination: WA_NEVER_DELIVERED });
    const sms1 = await requestOtp(m.key, { channel: "sms", destination: WA_NEVER_DELIVERED });
    const sms2 = await requestOtp(m.key, { channel: "sms", destination: WA_FAILS });
    expect([silent, sms1, sms2].map((r) => r.body.data?.status)).toEqual(["sent", "sent", "sent"]);
    expect(await applySandboxReceipts(later(2))).toBe(2);
    const statuses = await Promise.all([silent, sms1, sms2].map(async (r) => (await detail(m.key, r.body.data!.otp_id as string)).status));
    expect(statuses).toEqual(["sent", "success", "success"]);
    const all = await requestOtp(m.key, { channel: "sms", destination: "6281234560000" });
    expect(all.body.data).toMatchObject({ status: "failed" });
  });
});
