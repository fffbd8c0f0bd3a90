// The dashboard in test mode: the mode switch (ctx.mode, from the sandi_mode cookie)
// moves every data procedure to the merchant's test world and back; account matters
// stay on the live account.
import { describe, expect, it } from "vitest";
import { modeFromCookieHeader } from "@/server/lib/mode-cookie";
import { overrideEnv } from "../harness/env-override";
import { newMerchant, requestOtp } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";


async function signedIn() {
  const m = await newMerchant({ saldo: 5000 });
  return {
    ...m,
    live: callerFor({ merchantPublicId: m.merchantId, mode: "live" }),
    test: callerFor({ merchantPublicId: m.merchantId, mode: "test" }),
  };
}

describe("the dashboard's mode switch", () => {
  it("reads the mode from the sandi_mode cookie, live unless it says test", () => {
    expect(modeFromCookieHeader(null)).toBe("live");
    expect(modeFromCookieHeader("a=1; sandi_mode=test")).toBe("test");
    expect(modeFromCookieHeader("sandi_mode=live")).toBe("live");
    expect(modeFromCookieHeader("sandi_mode=anything")).toBe("live");
  });

  it("shows each world's saldo and transactions only in its own mode", async () => {
    const m = await signedIn();
    const liveOtp = (await requestOtp(m.key, { channel: "sms", destination: "6281234567890" })).body.data!.otp_id as string;
    const testOtp = (await requestOtp(m.testKey, { channel: "sms", destination: "6281234567890" })).body.data!.otp_id as string;
    expect((await m.live.reports.overview()).saldo).toBe(5000 - 450);
    expect((await m.test.reports.overview()).saldo).toBe(1_000_000 - 450);
    expect((await m.live.reports.transactions({})).items.map((t) => t.otp_id)).toEqual([liveOtp]);
    expect((await m.test.reports.transactions({})).items.map((t) => t.otp_id)).toEqual([testOtp]);
    await expect(m.live.reports.transaction({ otpId: testOtp })).rejects.toThrow();
    expect((await m.test.reports.sandboxInbox({})).items.map((x) => x.otp_id)).toEqual([testOtp]);
  });

  it("creates sk_test_ keys in test mode and lists each mode's keys apart", async () => {
    const m = await signedIn();
    const created = await m.test.apiKeys.create({ name: "CI" });
    expect(created.api_key).toMatch(/^sk_test_/);
    expect((await m.test.apiKeys.list()).map((k) => k.name).sort()).toEqual(["CI", "Default"]);
    expect((await m.live.apiKeys.list()).map((k) => k.prefix.slice(0, 8))).toEqual(["sk_live_"]);
    // A live key cannot be revoked from test mode.
    const [liveKey] = await m.live.apiKeys.list();
    await expect(m.test.apiKeys.revoke({ keyId: liveKey.key_id })).rejects.toThrow();
  });

  it("keeps a webhook URL per mode", async () => {
    const m = await signedIn();
    await m.live.webhooks.setUrl({ url: "http://127.0.0.1:9/live" });
    await m.test.webhooks.setUrl({ url: "http://127.0.0.1:9/test" });
    expect((await m.live.webhooks.settings()).url).toBe("http://127.0.0.1:9/live");
    expect((await m.test.webhooks.settings()).url).toBe("http://127.0.0.1:9/test");
    expect(await m.live.account.profile()).toMatchObject({ webhook_url: "http://127.0.0.1:9/live" });
  });

  it("lets test mode complete whatsapp_inbound OTPs from the inbox even where live uses real WhatsApp", async () => {
    const restore = overrideEnv({ WHATSAPP_TOKEN: "token", WHATSAPP_PHONE_NUMBER_ID: "123456" });
    try {
      const m = await signedIn();
      const otpId = (await requestOtp(m.testKey, { channel: "whatsapp_inbound", destination: "6281234567001" })).body.data!.otp_id as string;
      expect((await m.live.reports.pendingInbound()).available).toBe(false);
      const pending = await m.test.reports.pendingInbound();
      expect(pending.available).toBe(true);
      expect(pending.items.map((i) => i.otp_id)).toEqual([otpId]);
      expect(await m.test.reports.completeInbound({ otpId })).toEqual({ matched: true, otp_id: otpId });
    } finally {
      restore();
    }
  });
});
