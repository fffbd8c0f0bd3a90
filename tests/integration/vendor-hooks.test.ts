import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as whatsappGet, POST as whatsappPost } from "@/app/api/hooks/whatsapp/route";
import { POST as twilioPost } from "@/app/api/hooks/twilio/status/route";
import { getDb } from "@/server/db/client";
import { resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { TWILIO_HOOK_MAX_BYTES, WHATSAPP_HOOK_MAX_BYTES } from "@/server/http/hook-body";
import { applyEarlyReceipts } from "@/server/services/delivery/receipts";
import { overrideEnv } from "../harness/env-override";
import { expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, saldoOf } from "../harness/v3-fixtures";
import { startVendorSimulator } from "../simulators/http-vendor-simulator";

const PHONE = "6281234567890";
const cleanups: (() => unknown)[] = [];
beforeEach(() => resetBreakers());
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const APP_SECRET = "meta-app-secret";
const WA_NUMBER = "6281100000000";
const AUTH_TOKEN = "twilio-auth-token";

function signMeta(body: string) {
  return `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
}

/** Twilio's documented scheme, written independently of the service's code. */
function signTwilio(url: string, params: Record<string, string>) {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return createHmac("sha1", AUTH_TOKEN).update(data).digest("base64");
}

function whatsappPostRequest(payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  return new Request("http://localhost:3000/api/hooks/whatsapp", { method: "POST", body, headers: { "content-type": "application/json", ...(signature !== undefined ? { "x-hub-signature-256": signature } : {}) } });
}

/** A body the server pulls chunk by chunk, counting what it actually read (nothing is buffered ahead). */
function streamedBody(body: string, chunkBytes = 64 * 1024) {
  const bytes = Buffer.from(body);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= bytes.length) return controller.close();
        const chunk = bytes.subarray(pulled.bytes, pulled.bytes + chunkBytes);
        pulled.bytes += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled, total: bytes.length };
}

function streamedRequest(url: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request(url, { method: "POST", body: stream, headers, duplex: "half" } as RequestInit & { duplex: "half" });
}

function twilioRequest(params: Record<string, string>, signature: string | null) {
  return new Request("http://localhost:3000/api/hooks/twilio/status", {
    method: "POST",
    body: new URLSearchParams(params).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(signature ? { "x-twilio-signature": signature } : {}) },
  });
}

async function twilioSms() {
  const sim = await startVendorSimulator((_req, n) => ({ status: 201, json: { sid: `SM${n}` } }));
  cleanups.push(sim.close);
  cleanups.push(overrideEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: "+1500", TWILIO_API_BASE_URL: sim.baseUrl }));
  const m = await newMerchant({ saldo: 1000 });
  const res = await requestOtp(m.key, { channel: "sms", destination: PHONE });
  return { m, otpId: res.body.data!.otp_id as string };
}

describe("WhatsApp webhook", () => {
  it("answers the verification handshake with the challenge only for the right verify token", async () => {
    cleanups.push(overrideEnv({ WHATSAPP_VERIFY_TOKEN: "verify-me" }));
    const ok = await whatsappGet(new Request("http://localhost/api/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345"));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("12345");
    expect((await whatsappGet(new Request("http://localhost/api/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1"))).status).toBe(403);
  });

  it("verifies a whatsapp_inbound OTP from a correctly signed message, and ignores forged or unsigned ones", async () => {
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER }));
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const message = (created.body.data!.verification as { message: string }).message;
    const payload = { object: "whatsapp_business_account", entry: [{ changes: [{ value: { messages: [{ from: PHONE, type: "text", text: { body: message } }] } }] }] };
    const body = JSON.stringify(payload);
    expect((await whatsappPost(whatsappPostRequest(payload))).status).toBe(401);
    expect((await whatsappPost(whatsappPostRequest(payload, signMeta(body + " ")))).status).toBe(401);
    expect((await getOtpDetail(m.key, created.body.data!.otp_id as string)).body.data?.status).toBe("pending");
    const res = await whatsappPost(whatsappPostRequest(payload, signMeta(body)));
    expect(res.status).toBe(200);
    expect((await res.json()).matched).toEqual([created.body.data!.otp_id]);
    expect((await getOtpDetail(m.key, created.body.data!.otp_id as string)).body.data?.status).toBe("verified");
  });

  it("moves a sent WhatsApp message to success on a delivered status", async () => {
    const sim = await startVendorSimulator(() => ({ status: 200, json: { messages: [{ id: "wamid.XYZ" }] } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    const payload = { entry: [{ changes: [{ value: { statuses: [{ id: "wamid.XYZ", status: "delivered" }] } }] }] };
    const res = await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, receipts: 1 });
    expect((await getOtpDetail(m.key, created.body.data!.otp_id as string)).body.data?.status).toBe("success");
  });
});

describe("WhatsApp webhook: receipts, replies and odd posts", () => {
  async function whatsappSent(saldo = 1000) {
    const sim = await startVendorSimulator((_req, n) => ({ status: 200, json: { messages: [{ id: `wamid.${n}` }] } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "1122", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant({ saldo });
    const created = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    return { sim, m, otpId: created.body.data!.otp_id as string };
  }
  const statusPost = (id: string, status: string) => {
    const payload = { entry: [{ changes: [{ value: { statuses: [{ id, status, errors: status === "failed" ? [{ code: 131026, title: "Message undeliverable" }] : undefined }] } }] }] };
    return whatsappPostRequest(payload, signMeta(JSON.stringify(payload)));
  };

  it("refunds a failed status exactly once, even when Meta repeats it", async () => {
    const { m, otpId } = await whatsappSent();
    expect(await saldoOf(m.id)).toBe(650);
    const answers = await Promise.all([whatsappPost(statusPost("wamid.1", "failed")), whatsappPost(statusPost("wamid.1", "failed"))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await whatsappPost(statusPost("wamid.1", "failed"));
    expect(await saldoOf(m.id)).toBe(1000);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("failed");
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_refund" } })).toBe(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("does not refund a failed status that arrives after the message was reported delivered", async () => {
    const { m, otpId } = await whatsappSent();
    await whatsappPost(statusPost("wamid.1", "delivered"));
    await whatsappPost(statusPost("wamid.1", "failed"));
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("success");
    expect(await saldoOf(m.id)).toBe(650);
  });

  it("ignores a forged status: 401 and no refund", async () => {
    const { m, otpId } = await whatsappSent();
    const payload = { entry: [{ changes: [{ value: { statuses: [{ id: "wamid.1", status: "failed" }] } }] }] };
    expect((await whatsappPost(whatsappPostRequest(payload, signMeta("{}")))).status).toBe(401);
    expect((await whatsappPost(whatsappPostRequest(payload, "sha256=" + "0".repeat(64)))).status).toBe(401);
    expect(await saldoOf(m.id)).toBe(650);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("keeps a failed status that overtakes the end of creation (found by biz_opaque_callback_data) and applies it once the send is recorded, refunding once", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const sim = await startVendorSimulator(async () => {
      await released;
      return { status: 200, json: { messages: [{ id: "wamid.early" }] } };
    });
    cleanups.push(() => {
      release();
      return sim.close();
    });
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "1122", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant({ saldo: 1000 });
    const creation = requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    await sim.waitForRequests(1);
    // Meta reports on the message while our request still waits for its answer; only the echoed otp_id can link them yet.
    const otpId = JSON.parse(sim.requests[0].body).biz_opaque_callback_data as string;
    const payload = {
      entry: [{ changes: [{ value: { statuses: [{ id: "wamid.early", status: "failed", biz_opaque_callback_data: otpId, errors: [{ code: 131026, title: "Message undeliverable" }] }] } }] }],
    };
    // The receipt is kept and answered while our request still waits for Meta: the callback is not held open.
    const answer = await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))));
    expect(answer.status).toBe(200);
    expect(await applyEarlyReceipts()).toBe(0);
    release();
    const created = await creation;
    expect(created.body.data).toMatchObject({ otp_id: otpId, status: "sent" });
    // Once the send is recorded, the worker applies it.
    expect(await applyEarlyReceipts()).toBe(1);
    expect(await applyEarlyReceipts()).toBe(0);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("failed");
    expect(await saldoOf(m.id)).toBe(1000);
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_refund" } })).toBe(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  const failedStatusBody = (padTo = 0) => {
    const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: "wamid.1", status: "failed" }] } }] }] });
    // Trailing whitespace keeps it valid JSON of exactly the size wanted.
    return body + " ".repeat(Math.max(0, padTo - Buffer.byteLength(body)));
  };

  it("refuses a post whose declared Content-Length is over Meta's 3 MB with 413, without reading or applying it", async () => {
    const { m, otpId } = await whatsappSent();
    const body = failedStatusBody();
    const { stream, pulled } = streamedBody(body);
    const res = await whatsappPost(
      streamedRequest("http://localhost:3000/api/hooks/whatsapp", stream, { "content-length": String(WHATSAPP_HOOK_MAX_BYTES + 1), "x-hub-signature-256": signMeta(body) }),
    );
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBe(0);
    expect(await saldoOf(m.id)).toBe(650);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("stops reading a signed post without Content-Length once it passes 3 MB: 413 and nothing applied", async () => {
    const { m, otpId } = await whatsappSent();
    const body = failedStatusBody(WHATSAPP_HOOK_MAX_BYTES + 256 * 1024);
    const { stream, pulled, total } = streamedBody(body);
    const res = await whatsappPost(streamedRequest("http://localhost:3000/api/hooks/whatsapp", stream, { "x-hub-signature-256": signMeta(body) }));
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(WHATSAPP_HOOK_MAX_BYTES + 64 * 1024);
    expect(pulled.bytes).toBeLessThan(total);
    expect(await saldoOf(m.id)).toBe(650);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("accepts and applies a signed post of exactly 3 MB", async () => {
    const { m, otpId } = await whatsappSent();
    const body = failedStatusBody(WHATSAPP_HOOK_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBe(WHATSAPP_HOOK_MAX_BYTES);
    const { stream } = streamedBody(body);
    const res = await whatsappPost(streamedRequest("http://localhost:3000/api/hooks/whatsapp", stream, { "x-hub-signature-256": signMeta(body) }));
    expect(res.status).toBe(200);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("failed");
    expect(await saldoOf(m.id)).toBe(1000);
  });

  it("answers 200 to valid signed posts it cannot use (not JSON, unknown shapes, media messages)", async () => {
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER }));
    const notJson = "not json";
    const post = (body: string) => whatsappPost(new Request("http://localhost:3000/api/hooks/whatsapp", { method: "POST", body, headers: { "x-hub-signature-256": signMeta(body) } }));
    expect((await post(notJson)).status).toBe(200);
    expect((await post(JSON.stringify({ entry: "nope" }))).status).toBe(200);
    expect((await post(JSON.stringify([1, 2, 3]))).status).toBe(200);
    const media = { entry: [{ changes: [{ value: { messages: [{ from: PHONE, type: "image", image: { id: "1" } }], statuses: [{ id: 5 }] } }, null] }] };
    expect((await post(JSON.stringify(media))).status).toBe(200);
  });

  it("refuses every post when WHATSAPP_APP_SECRET is not configured", async () => {
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: undefined }));
    const payload = { entry: [] };
    expect((await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))))).status).toBe(401);
  });

  it("replies with a confirmation text to the user after a match when WhatsApp is configured", async () => {
    const sim = await startVendorSimulator(() => ({ status: 200, json: { messages: [{ id: "wamid.reply" }] } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "1122", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const text = (created.body.data!.verification as { message: string }).message;
    const payload = { entry: [{ changes: [{ value: { messages: [{ from: PHONE, type: "text", text: { body: text } }] } }] }] };
    expect((await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))))).status).toBe(200);
    await sim.waitForRequests(1);
    const reply = sim.requests[0];
    expect(reply).toMatchObject({ method: "POST", path: "/1122/messages" });
    expect(reply.headers.authorization).toBe("Bearer wa-token");
    expect(JSON.parse(reply.body)).toEqual({ messaging_product: "whatsapp", to: PHONE, type: "text", text: { body: "Terima kasih, nomor Anda sudah terverifikasi." } });
  });

  it("answers the matched message with 200 without waiting for the confirmation reply to be accepted", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const sim = await startVendorSimulator(async () => {
      await released;
      return { status: 200, json: { messages: [{ id: "wamid.reply" }] } };
    });
    cleanups.push(() => {
      release();
      return sim.close();
    });
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "1122", WHATSAPP_API_BASE_URL: sim.baseUrl, VENDOR_TIMEOUT_MS: "60000" }));
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp_inbound", destination: PHONE });
    const text = (created.body.data!.verification as { message: string }).message;
    const payload = { entry: [{ changes: [{ value: { messages: [{ from: PHONE, type: "text", text: { body: text } }] } }] }] };
    // The vendor holds the reply until released; the webhook answers meanwhile.
    const res = await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))));
    expect(res.status).toBe(200);
    expect((await res.json()).matched).toEqual([created.body.data!.otp_id]);
    await sim.waitForRequests(1);
  });

  it("sends no reply for a message that matches nothing", async () => {
    const sim = await startVendorSimulator(() => ({ status: 200, json: { messages: [{ id: "wamid.reply" }] } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_NUMBER: WA_NUMBER, WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "1122", WHATSAPP_API_BASE_URL: sim.baseUrl }));
    const payload = { entry: [{ changes: [{ value: { messages: [{ from: PHONE, type: "text", text: { body: "Verifikasi Toko: ABCDEFGHJK" } }] } }] }] };
    const res = await whatsappPost(whatsappPostRequest(payload, signMeta(JSON.stringify(payload))));
    expect(await res.json()).toMatchObject({ matched: [] });
    // A later request is the first one the vendor sees: no reply went out before it.
    const m = await newMerchant();
    await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    expect(JSON.parse(sim.requests[0].body).type).toBe("template");
  });
});

describe("Twilio status callback", () => {
  it("moves sent to success on delivered", async () => {
    const { m, otpId } = await twilioSms();
    const params = { MessageSid: "SM1", MessageStatus: "delivered" };
    const res = await twilioPost(twilioRequest(params, signTwilio("http://localhost:3000/api/hooks/twilio/status", params)));
    expect(res.status).toBe(204);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("success");
  });

  it("refunds a failure reported after the charge exactly once, even when Twilio repeats the callback", async () => {
    const { m, otpId } = await twilioSms();
    expect(await saldoOf(m.id)).toBe(550);
    const params = { MessageSid: "SM1", MessageStatus: "undelivered", ErrorCode: "30003" };
    const signature = signTwilio("http://localhost:3000/api/hooks/twilio/status", params);
    await Promise.all([twilioPost(twilioRequest(params, signature)), twilioPost(twilioRequest(params, signature)), twilioPost(twilioRequest(params, signature))]);
    expect(await saldoOf(m.id)).toBe(1000);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("failed");
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_refund" } })).toBe(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("refunds an unanswered voice call once (CallStatus no-answer)", async () => {
    const sim = await startVendorSimulator(() => ({ status: 201, json: { sid: "CA77" } }));
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: "+1500", TWILIO_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant({ saldo: 1000 });
    const created = await requestOtp(m.key, { channel: "voice", destination: PHONE });
    expect(await saldoOf(m.id)).toBe(200);
    const params = { CallSid: "CA77", CallStatus: "no-answer" };
    const signature = signTwilio("http://localhost:3000/api/hooks/twilio/status", params);
    expect((await twilioPost(twilioRequest(params, signature))).status).toBe(204);
    expect((await twilioPost(twilioRequest(params, signature))).status).toBe(204);
    expect(await saldoOf(m.id)).toBe(1000);
    expect((await getOtpDetail(m.key, created.body.data!.otp_id as string)).body.data?.status).toBe("failed");
  });

  it("leaves the OTP alone on intermediate statuses (queued, sent)", async () => {
    const { m, otpId } = await twilioSms();
    for (const status of ["queued", "sent"]) {
      const params = { MessageSid: "SM1", MessageStatus: status };
      expect((await twilioPost(twilioRequest(params, signTwilio("http://localhost:3000/api/hooks/twilio/status", params)))).status).toBe(204);
    }
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("answers a failure receipt that overtakes the end of creation at once and applies it once the send is recorded, refunding once", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const sim = await startVendorSimulator(async () => {
      await released;
      return { status: 201, json: { sid: "SM-early" } };
    });
    cleanups.push(sim.close);
    cleanups.push(overrideEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: "+1500", TWILIO_API_BASE_URL: sim.baseUrl }));
    const m = await newMerchant({ saldo: 1000 });
    const creation = requestOtp(m.key, { channel: "sms", destination: PHONE });
    await sim.waitForRequests(1);
    // Twilio reports to the exact StatusCallback it was given, while our request still waits for its answer.
    const callback = new URLSearchParams(sim.requests[0].body).get("StatusCallback")!;
    const params = { MessageSid: "SM-early", MessageStatus: "failed", ErrorCode: "30008" };
    const answer = await twilioPost(
      new Request(callback, { method: "POST", body: new URLSearchParams(params).toString(), headers: { "x-twilio-signature": signTwilio(callback, params) } }),
    );
    // Answered while our request still waits for Twilio: kept, not held open, not refused.
    expect(answer.status).toBe(204);
    expect(await applyEarlyReceipts()).toBe(0);
    release();
    const created = await creation;
    expect(created.body.data?.status).toBe("sent");
    expect(await applyEarlyReceipts()).toBe(1);
    expect((await getOtpDetail(m.key, created.body.data!.otp_id as string)).body.data?.status).toBe("failed");
    expect(await saldoOf(m.id)).toBe(1000);
    const db = await getDb();
    expect(await db.ledgerEntry.count({ where: { merchantId: m.id, reason: "otp_refund" } })).toBe(1);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("refuses a callback whose otp_id query was not part of the signed URL", async () => {
    const { m, otpId } = await twilioSms();
    const params = { MessageSid: "SM1", MessageStatus: "failed" };
    const signature = signTwilio("http://localhost:3000/api/hooks/twilio/status", params);
    const res = await twilioPost(
      new Request(`http://localhost:3000/api/hooks/twilio/status?otp_id=${otpId}`, { method: "POST", body: new URLSearchParams(params).toString(), headers: { "x-twilio-signature": signature } }),
    );
    expect(res.status).toBe(403);
    expect(await saldoOf(m.id)).toBe(550);
  });

  it("refuses a callback body over 64 KB with 413 and changes nothing, stopping the read at the cap", async () => {
    const { m, otpId } = await twilioSms();
    const params = { MessageSid: "SM1", MessageStatus: "undelivered", Padding: "x".repeat(TWILIO_HOOK_MAX_BYTES) };
    const url = "http://localhost:3000/api/hooks/twilio/status";
    const body = new URLSearchParams(params).toString();
    const signature = signTwilio(url, params);
    const declared = streamedBody(body, 8 * 1024);
    const tooLong = await twilioPost(streamedRequest(url, declared.stream, { "content-length": String(Buffer.byteLength(body)), "x-twilio-signature": signature }));
    expect(tooLong.status).toBe(413);
    expect(declared.pulled.bytes).toBe(0);
    const undeclared = streamedBody(body, 8 * 1024);
    expect((await twilioPost(streamedRequest(url, undeclared.stream, { "x-twilio-signature": signature }))).status).toBe(413);
    expect(undeclared.pulled.bytes).toBeLessThanOrEqual(TWILIO_HOOK_MAX_BYTES + 8 * 1024);
    expect(await saldoOf(m.id)).toBe(550);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });

  it("refuses a forged or missing signature with 403 and changes nothing", async () => {
    const { m, otpId } = await twilioSms();
    const params = { MessageSid: "SM1", MessageStatus: "failed" };
    expect((await twilioPost(twilioRequest(params, null))).status).toBe(403);
    expect((await twilioPost(twilioRequest(params, signTwilio("http://evil.example/api/hooks/twilio/status", params)))).status).toBe(403);
    expect((await twilioPost(twilioRequest({ ...params, MessageStatus: "delivered" }, signTwilio("http://localhost:3000/api/hooks/twilio/status", params)))).status).toBe(403);
    expect(await saldoOf(m.id)).toBe(550);
    expect((await getOtpDetail(m.key, otpId)).body.data?.status).toBe("sent");
  });
});
