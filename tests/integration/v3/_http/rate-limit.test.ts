// The global limit (spec "Limits"): 20 requests per second per API key, fixed
// one-second windows, all /v3 endpoints; a merchant's override applies to each of
// its keys. Date is frozen at a known point of a window, so no burst straddles a
// boundary by accident (timers and I/O stay real).
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as accountGet } from "@/app/v3/account/route";
import { createApiKey } from "@/server/services/api-keys/api-keys";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { readEnvelope, v3Request } from "../../../harness/http";
import { account, getOtpDetail, newMerchant, requestOtp } from "../../../harness/v3-fixtures";

afterEach(() => vi.useRealTimers());

/** Freezes Date 100 ms into a fresh window; `at(ms)` moves to that offset from the window start. */
function windowClock() {
  const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
  vi.useFakeTimers({ toFake: ["Date"], now: start + 100 });
  return { start, at: (offset: number) => vi.setSystemTime(start + offset) };
}

const burst = (key: string, n: number) => Promise.all(Array.from({ length: n }, () => account(key)));

describe("/v3 global rate limit", () => {
  it("20 requests in a second pass; the 21st is 429 RATE_LIMITED with Retry-After and RateLimit headers", async () => {
    const m = await newMerchant();
    windowClock();
    const results = await burst(m.key, 20);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const limited = await account(m.key);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, data: null, error: { code: "RATE_LIMITED", message: expect.any(String) } });
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("ratelimit-limit")).toBe("20");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe("1");
  });

  it("the window is fixed: the next second starts a fresh count", async () => {
    const m = await newMerchant();
    const clock = windowClock();
    await burst(m.key, 20);
    clock.at(999);
    expect((await account(m.key)).status).toBe(429);
    clock.at(1000);
    expect((await account(m.key)).status).toBe(200);
  });

  it("every authenticated response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset", async () => {
    const m = await newMerchant();
    windowClock();
    const ok = await account(m.key);
    const notFound = await getOtpDetail(m.key, "OTP20261122ABCD000001");
    expect(notFound.status).toBe(404);
    expect([ok, notFound].map((r) => [r.headers.get("ratelimit-limit"), r.headers.get("ratelimit-remaining"), r.headers.get("ratelimit-reset")])).toEqual([
      ["20", "19", "1"],
      ["20", "18", "1"],
    ]);
  });

  it("the count covers all /v3 endpoints together", async () => {
    const m = await newMerchant();
    windowClock();
    await burst(m.key, 10);
    for (let i = 0; i < 9; i++) await getOtpDetail(m.key, "OTP20261122ABCD000001");
    expect((await requestOtp(m.key, { channel: "sms", destination: "6281234567890" })).status).toBe(200);
    const limited = await getOtpDetail(m.key, "OTP20261122ABCD000001");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
  });

  it("counts per API key: another merchant's key, and another key of the same merchant, have their own count", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const secondKey = await createApiKey({ id: m.id, livemode: true });
    windowClock();
    await burst(m.key, 20);
    expect((await account(m.key)).status).toBe(429);
    expect((await account(other.key)).status).toBe(200);
    expect((await account(secondKey.api_key)).status).toBe(200);
  });

  it("a merchant's override applies to each of its keys", async () => {
    const m = await newMerchant({ rateLimit: 3 });
    const secondKey = await createApiKey({ id: m.id, livemode: true });
    windowClock();
    for (const key of [m.key, secondKey.api_key]) {
      const results = await burst(key, 3);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(results[0].headers.get("ratelimit-limit")).toBe("3");
      expect((await account(key)).status).toBe(429);
    }
  });

  it("an operator's change to the limit takes effect within one second", async () => {
    const m = await newMerchant();
    const clock = windowClock();
    expect((await account(m.key)).headers.get("ratelimit-limit")).toBe("20");
    await updateMerchant(m.id, { rateLimit: 2 });
    clock.at(1100);
    expect((await burst(m.key, 3)).map((r) => r.status).sort()).toEqual([200, 200, 429]);
  });

  it("requests refused for the key or the IP address do not use up the key's quota", async () => {
    const m = await newMerchant({ rateLimit: 2, ipAllowlist: "203.0.113.10" });
    windowClock();
    for (let i = 0; i < 5; i++) {
      expect((await account(m.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(403);
      expect((await readEnvelope(await accountGet(v3Request("/v3/account", { headers: { authorization: "Bearer sk_live_wrongwrongwrong" } })))).status).toBe(401);
    }
    expect((await burst(m.key, 2)).map((r) => r.status)).toEqual([200, 200]);
  });
});
