// NUL and other control characters are refused at the edge with a 4xx (PostgreSQL
// refuses NUL, which surfaced as 500s), and a signed vendor callback carrying one is
// acknowledged and logged, so the vendor stops retrying a poison message.
// The same on /v3 bodies is checked with each route's errors: v3/create/error.test.ts and
// v3/verify/error.test.ts.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as whatsappPost } from "@/app/api/hooks/whatsapp/route";
import { POST as twilioPost } from "@/app/api/hooks/twilio/status/route";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../harness/env-override";
import { postXenditCallback, XENDIT_TEST_TOKEN } from "../harness/topup-fixtures";
import { captureLog } from "../harness/log-lines";
import { callerFor } from "../harness/trpc";

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
  vi.restoreAllMocks();
});

describe("dashboard procedures with control characters", () => {
  async function signedIn() {
    const created = await createMerchant({ name: "Toko", email: "nul@toko.id", password: "password-123" });
    return callerFor({ merchantPublicId: created.merchant_id });
  }
  const badRequest = { code: "BAD_REQUEST", message: expect.stringMatching(/^\w+: Isian berisi karakter kontrol yang tidak diizinkan\.$/) };

  it("refuses NUL in any string input with BAD_REQUEST, before any service runs", async () => {
    const caller = await signedIn();
    await expect(caller.apiKeys.revoke({ keyId: "\u0000" })).rejects.toMatchObject({ message: "keyId: Isian berisi karakter kontrol yang tidak diizinkan." });
    await expect(caller.apiKeys.revoke({ keyId: "\u0000" })).rejects.toMatchObject(badRequest);
    await expect(caller.reports.transaction({ otpId: "OTP\u0000" })).rejects.toMatchObject(badRequest);
    await expect(caller.reports.completeInbound({ otpId: "\u0000" })).rejects.toMatchObject(badRequest);
    await expect(caller.webhooks.resend({ eventId: "\u0000" })).rejects.toMatchObject(badRequest);
    await expect(caller.webhooks.setUrl({ url: "http://127.0.0.1:9/\u0000" })).rejects.toMatchObject(badRequest);
  });

  it("refuses other control characters, but not tabs or line breaks", async () => {
    const caller = await signedIn();
    await expect(caller.webhooks.setUrl({ url: "http://127.0.0.1:9/\u0001" })).rejects.toMatchObject(badRequest);
    await expect(caller.reports.transaction({ otpId: "OTP\t1" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a control character in sign-up without creating an account", async () => {
    const anonymous = callerFor({ merchantPublicId: null, clientIp: "192.0.2.10" });
    await expect(anonymous.account.signUp({ name: "Toko\u0000", email: "x@toko.id", password: "rahasia-123", brandName: "Toko" })).rejects.toMatchObject(badRequest);
    expect(await (await getDb()).merchant.count({ where: { email: "x@toko.id" } })).toBe(0);
  });
});

describe("signed vendor callbacks holding NUL", () => {
  it("acknowledges a Xendit callback whose reference_id is NUL, and logs it", async () => {
    restores.push(overrideEnv({ XENDIT_CALLBACK_TOKEN: XENDIT_TEST_TOKEN }));
    const logged = captureLog();
    const res = await postXenditCallback({ event: "qr.payment", data: { id: "qrpy_1", qr_id: "qr_1", reference_id: "\u0000", amount: 10_000, status: "SUCCEEDED" } }, XENDIT_TEST_TOKEN);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    logged.restore();
    expect(logged.lines).toContainEqual(expect.objectContaining({ level: "warn", vendor: "xendit" }));
  });

  it("acknowledges a signed WhatsApp post with NUL ids (statuses and messages), and logs it", async () => {
    const secret = "meta-app-secret";
    restores.push(overrideEnv({ WHATSAPP_APP_SECRET: secret, WHATSAPP_NUMBER: "6281100000000" }));
    const logged = captureLog();
    for (const value of [{ statuses: [{ id: "wamid.\u0000", status: "failed" }] }, { messages: [{ id: "wamid.\u0000", from: "6281234567890", type: "text", text: { body: "KODE 123456" } }] }]) {
      const body = JSON.stringify({ entry: [{ changes: [{ value }] }] });
      const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
      const res = await whatsappPost(new Request("http://localhost:3000/api/hooks/whatsapp", { method: "POST", body, headers: { "x-hub-signature-256": signature } }));
      expect(res.status).toBe(200);
    }
    logged.restore();
    expect(logged.lines.filter((l) => l.vendor === "whatsapp")).toHaveLength(2);
  });

  it("acknowledges a signed Twilio status with a NUL MessageSid, and logs it", async () => {
    const token = "twilio-auth-token";
    restores.push(overrideEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: "+1500" }));
    const logged = captureLog();
    const params = { MessageSid: "SM\u0000", MessageStatus: "failed" };
    const url = "http://localhost:3000/api/hooks/twilio/status";
    const signature = createHmac("sha1", token).update(url + Object.keys(params).sort().map((k) => k + params[k as keyof typeof params]).join("")).digest("base64");
    const res = await twilioPost(new Request(url, { method: "POST", body: new URLSearchParams(params).toString(), headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature } }));
    expect(res.status).toBe(200);
    logged.restore();
    expect(logged.lines).toContainEqual(expect.objectContaining({ level: "warn", vendor: "twilio" }));
  });
});
