// The Redis calls one /v3 request makes, counted on the wire: a counting proxy in front
// of a throw-away redis-server (no other test flushes its scripts) is the app's REDIS_URL.
// A creation counts its API key's rate limit in the fraud guard's script (one call where
// there were two), keyed so both hash to one Cluster slot; while Redis is down the two
// fall back to this instance's memory, each under its own degrade policy.
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { account, deliveredCode, getOtpDetail, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { captureLog } from "../harness/log-lines";
import { overrideEnv } from "../harness/env-override";
import { closeAppRedisStores } from "../harness/redis-servers";
import { redisCounterProxy, type RedisCounterProxy, type RedisCounts } from "../../bench/lib/redis-counter-proxy";
import { startRedisServer, type RedisServer } from "../harness/redis-server";
import { waitFor } from "../harness/wait-for";

let server: RedisServer;
let proxy: RedisCounterProxy;
let restoreEnv: () => void;

beforeAll(async () => {
  server = await startRedisServer();
  proxy = await redisCounterProxy(server.url);
  restoreEnv = overrideEnv({ REDIS_URL: proxy.url });
}, 30_000);

afterAll(async () => {
  await closeAppRedisStores();
  restoreEnv();
  await proxy.close();
  await server.stop();
});

let phone = 50_000_000;
const nextPhone = () => `62816${String((phone += 1))}`;

/** What `request` sent to Redis, once every command it started (the verified count is not awaited) has arrived. */
async function callsOf(request: () => Promise<{ status: number }>, expected: number): Promise<RedisCounts> {
  proxy.reset();
  expect((await request()).status).toBe(200);
  await waitFor(() => Object.values(proxy.counts().commands).reduce((a, b) => a + b, 0) >= expected, { timeoutMs: 5_000, what: `${expected} Redis commands` });
  return proxy.counts();
}

async function redisKeys(pattern: string): Promise<string[]> {
  const client = new Redis(server.url);
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}

describe("Redis calls per /v3 request", () => {
  it("a creation the fraud guard watches: one script for the rate limit and the observation", async () => {
    const m = await newMerchant({ saldo: 450 * 100 });
    await updateMerchant(m.id, { fraudGuard: "standard" });
    // The first calls connect and load the scripts (EVALSHA, then EVAL once).
    await waitFor(async () => (await requestOtp(m.key, { channel: "sms", destination: nextPhone() })).status === 200 && (await redisKeys(`sandi:fg:{${m.id}}:*`)).length > 0, {
      timeoutMs: 10_000,
      what: "a creation observed in Redis",
    });
    expect(await callsOf(() => requestOtp(m.key, { channel: "sms", destination: nextPhone() }), 1)).toEqual({ commands: { evalsha: 1 }, waits: 1 });
    // The key's window and the merchant's detection state share the hash tag {<merchant>}.
    const [limitKey] = await redisKeys(`sandi:rl:{${m.id}}:*`);
    expect(limitKey).toMatch(new RegExp(`^sandi:rl:\\{${m.id}\\}:${m.keyId}:\\d+000$`));
  });

  it("a creation detection does not watch, a read, the account: one call each, the rate limit's", async () => {
    const m = await newMerchant({ saldo: 450 * 100 });
    await waitFor(async () => (await account(m.key)).status === 200 && (await redisKeys(`sandi:rl:{${m.id}}:*`)).length > 0, { timeoutMs: 10_000, what: "a request counted in Redis" });
    expect(await callsOf(() => account(m.key), 1)).toEqual({ commands: { evalsha: 1 }, waits: 1 });
    const created = await requestOtp(m.key, { channel: "sms", destination: nextPhone() });
    expect(await callsOf(() => requestOtp(m.key, { channel: "sms", destination: nextPhone() }), 1)).toEqual({ commands: { evalsha: 1 }, waits: 1 });
    expect(await callsOf(() => getOtpDetail(m.key, created.body.data!.otp_id as string), 1)).toEqual({ commands: { evalsha: 1 }, waits: 1 });
  });

  it("a verification: the rate limit's call, and for a verified OTP its count (one script, not awaited)", async () => {
    const m = await newMerchant({ saldo: 450 * 100 });
    await updateMerchant(m.id, { fraudGuard: "standard" });
    await account(m.key);
    const verified = async (count: boolean) => {
      const created = await requestOtp(m.key, { channel: "sms", destination: nextPhone() });
      const otpId = created.body.data!.otp_id as string;
      const code = await deliveredCode(otpId);
      if (count) return callsOf(() => verify(m.key, { otp_id: otpId, otp: code }), 2);
      // The first count loads its script (EVALSHA, then EVAL once): waited for, not counted.
      expect((await verify(m.key, { otp_id: otpId, otp: code })).status).toBe(200);
      await waitFor(async () => (await redisKeys(`sandi:fg:{${m.id}}:v*`)).length > 0, { timeoutMs: 10_000, what: "the first verified count in Redis" });
    };
    await verified(false);
    expect(await verified(true)).toEqual({ commands: { evalsha: 2 }, waits: 2 });
  });
});

describe("the creation's one script", () => {
  it("counts the key's rate limit: over it the answer is 429 with Retry-After, and the attempt is not observed", async () => {
    const m = await newMerchant({ saldo: 450 * 100, rateLimit: 2 });
    await updateMerchant(m.id, { fraudGuard: "standard" });
    await waitFor(async () => (await requestOtp(m.key, { channel: "sms", destination: nextPhone() }), (await redisKeys(`sandi:fg:{${m.id}}:*`)).length > 0), {
      timeoutMs: 10_000,
      intervalMs: 1000,
      what: "a creation observed in Redis",
    });
    const client = new Redis(server.url);
    try {
      // A fresh second, so the three below share a window.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
      const total = `sandi:fg:{${m.id}}:t:${Math.floor(Date.now() / 60_000)}`;
      const before = Number(await client.get(total));
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await requestOtp(m.key, { channel: "sms", destination: nextPhone() }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2].body.error?.code).toBe("RATE_LIMITED");
      expect(answers[2].headers.get("retry-after")).toBe("1");
      expect(answers[2].headers.get("ratelimit-remaining")).toBe("0");
      // Two attempts observed in this minute's total, not three (unless the minute turned meanwhile).
      if (`sandi:fg:{${m.id}}:t:${Math.floor(Date.now() / 60_000)}` === total) expect(Number(await client.get(total))).toBe(before + 2);
    } finally {
      client.disconnect();
    }
  });

  it("falls back to this instance's memory when Redis is down (both outages logged once), and to Redis when it is back", async () => {
    const m = await newMerchant({ saldo: 450 * 100, rateLimit: 3 });
    await updateMerchant(m.id, { fraudGuard: "standard" });
    const logged = captureLog();
    try {
      await proxy.down();
      const during = [];
      for (let i = 0; i < 5; i++) during.push(await requestOtp(m.key, { channel: "sms", destination: nextPhone() }));
      // Counted per instance meanwhile: the key's limit still holds.
      expect(during.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      expect(during.every((r) => r.status === 200 || (r.status === 429 && r.body.error?.code === "RATE_LIMITED"))).toBe(true);
      expect(logged.count("rate limit store unavailable")).toBe(1);
      expect(logged.count("fraud guard store unavailable")).toBe(1);

      await proxy.up();
      proxy.reset();
      await waitFor(
        async () => {
          await requestOtp(m.key, { channel: "sms", destination: nextPhone() });
          return (proxy.counts().commands.evalsha ?? 0) > 0 && logged.count("fraud guard store reachable again") === 1;
        },
        { timeoutMs: 15_000, intervalMs: 300, what: "creations counted in Redis again" },
      );
      expect(logged.count("rate limit store reachable again")).toBe(1);
    } finally {
      logged.restore();
      await proxy.up();
    }
  }, 30_000);
});
