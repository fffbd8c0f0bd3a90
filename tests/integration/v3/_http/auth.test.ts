// Bearer API keys (spec "Authentication" 1–2): every failure is 401 UNAUTHORIZED,
// with a message that says which cause it was.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as accountGet } from "@/app/v3/account/route";
import { POST as requestPost } from "@/app/v3/request/route";
import { getDb } from "@/server/db/client";
import { revokeApiKey } from "@/server/services/api-keys/api-keys";
import { readEnvelope, v3Request } from "../../../harness/http";
import { account, newMerchant } from "../../../harness/v3-fixtures";

afterEach(() => vi.useRealTimers());

/** Freezes Date (only Date: timers and I/O stay real) so the one-second caches can be stepped over without sleeping. */
function freezeClock(): { advance: (ms: number) => void } {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now });
  return { advance: (ms) => vi.setSystemTime((now += ms)) };
}

async function unauthorized(headers: Record<string, string>): Promise<string> {
  const res = await readEnvelope(await accountGet(v3Request("/v3/account", { headers })));
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ success: false, data: null, error: { code: "UNAUTHORIZED", message: expect.any(String) } });
  return res.body.error!.message;
}

describe("/v3 bearer authentication", () => {
  it("a missing Authorization header is 401 UNAUTHORIZED", async () => {
    expect(await unauthorized({})).toMatch(/tidak ada/);
  });

  it("an empty Authorization header is 401 UNAUTHORIZED", async () => {
    expect(await unauthorized({ authorization: "" })).toMatch(/kosong/);
    expect(await unauthorized({ authorization: "   " })).toMatch(/kosong/);
  });

  it("a malformed Authorization header is 401 UNAUTHORIZED", async () => {
    const m = await newMerchant();
    for (const value of [`Basic ${m.key}`, "Bearer", "Bearer ", `Bearer ${m.key} extra`, `Bearer "${m.key}"`, `${m.key}`, "Bearer short"]) {
      expect(await unauthorized({ authorization: value }), value).toMatch(/Format/);
    }
  });

  it("an unknown key is 401 UNAUTHORIZED", async () => {
    expect(await unauthorized({ authorization: "Bearer sk_live_doesnotexist000000000000" })).toMatch(/tidak dikenal/);
  });

  it("a revoked key is 401 UNAUTHORIZED", async () => {
    const m = await newMerchant();
    await revokeApiKey(m.id, m.keyId);
    expect(await unauthorized({ authorization: `Bearer ${m.key}` })).toMatch(/dicabut/);
  });

  it("the five causes have five different messages", async () => {
    const m = await newMerchant();
    const revoked = await newMerchant();
    await revokeApiKey(revoked.id, revoked.keyId);
    const messages = [
      await unauthorized({}),
      await unauthorized({ authorization: "" }),
      await unauthorized({ authorization: `Basic ${m.key}` }),
      await unauthorized({ authorization: "Bearer sk_live_doesnotexist000000000000" }),
      await unauthorized({ authorization: `Bearer ${revoked.key}` }),
    ];
    expect(new Set(messages).size).toBe(5);
  });

  it("the scheme name is case-insensitive", async () => {
    const m = await newMerchant();
    expect((await readEnvelope(await accountGet(v3Request("/v3/account", { headers: { authorization: `bearer ${m.key}` } })))).status).toBe(200);
  });

  it("a revoked key is refused within one second, even after a successful call was cached", async () => {
    const m = await newMerchant();
    const clock = freezeClock();
    expect((await account(m.key)).status).toBe(200);
    await revokeApiKey(m.id, m.keyId);
    clock.advance(1000);
    expect((await account(m.key)).status).toBe(401);
  });

  it("a request without a valid key is refused before its body is read", async () => {
    const huge = JSON.stringify({ pad: "x".repeat(200_000) });
    const res = await readEnvelope(await requestPost(v3Request("/v3/request", { rawBody: huge, headers: { authorization: "Bearer sk_live_doesnotexist000000000000" } })));
    expect(res.status).toBe(401);
  });

  it("last_used_at is recorded on first use and then at most once a minute, not per request", async () => {
    const m = await newMerchant();
    const db = await getDb();
    const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { keyId: m.keyId } })).lastUsedAt?.getTime() ?? null;
    expect(await lastUsed()).toBeNull();
    const clock = freezeClock();
    const first = Date.now();
    expect((await account(m.key)).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000); // each step passes the one-second cache, so the key is looked up again
      expect((await account(m.key)).status).toBe(200);
    }
    expect(await lastUsed()).toBe(first);
    clock.advance(10_000);
    await account(m.key);
    expect(await lastUsed()).toBe(first + 60_000);
  });
});
