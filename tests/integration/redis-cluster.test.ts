// REDIS_URL=redis-cluster://…: the rate limit, the fraud guard and the dashboard
// throttles against a real three-master Redis Cluster (Debian's redis-server in
// cluster mode, behind a password given percent-encoded in the URL, started and
// removed by this file). A script on a Cluster may only
// touch keys of one slot; every key one call uses shares a hash tag, so keys of
// different merchants and API keys spread over the nodes while each call stays on one.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RedisThrottleStore } from "@/server/throttle/throttle-store";
import { signInWithPassword } from "@/server/auth/password-sign-in";
import { getRateLimiter, RateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { RedisRateLimitStore } from "@/server/http/rate-limit/redis-store";
import type { RedisClient } from "@/server/redis/fail-fast-redis";
import { FallbackFraudStore } from "@/server/services/fraud/detection-store";
import { RedisFraudStore } from "@/server/services/fraud/redis-store";
import type { Observation } from "@/server/services/fraud/detection-state";
import { createMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../harness/env-override";
import { captureLog } from "../harness/log-lines";
import { closeAppRedisStores, startLocalCluster, useThrowAwayRedis } from "../harness/redis-servers";
import { account, newMerchant, requestOtp } from "../harness/v3-fixtures";
import { waitFor } from "../harness/wait-for";

const redis = useThrowAwayRedis(() => startLocalCluster());
const ns = `t${randomBytes(4).toString("hex")}:`;

async function connected(): Promise<RedisClient> {
  const client = redis.client();
  await waitFor(() => client.status === "ready", { timeoutMs: 15_000, what: "the Cluster client to learn the slots" });
  return client;
}

/** Every key matching `pattern`, by the port of the node that holds it. */
async function keysByNode(pattern: string): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  for (const server of redis.current().servers) {
    const node = server.client();
    try {
      found.set(server.port, await node.keys(pattern));
    } finally {
      node.disconnect();
    }
  }
  return found;
}

async function slotsOf(keys: string[]): Promise<Set<number>> {
  const node = redis.current().servers[0].client();
  try {
    return new Set(await Promise.all(keys.map(async (k) => Number(await node.call("CLUSTER", "KEYSLOT", k)))));
  } finally {
    node.disconnect();
  }
}

const nodesHolding = (byNode: Map<number, string[]>, match: (key: string) => boolean) => [...byNode].filter(([, keys]) => keys.some(match)).map(([port]) => port);

const MINUTE = 29_000_000;
const attempt = (merchant: string, destination: string, extra: Partial<Observation> = {}): Observation => ({
  merchant,
  prefix: "62899",
  destination,
  signals: ["sigA", "sigB"],
  minute: MINUTE,
  windowMinutes: 10,
  signalLimit: 3,
  ...extra,
});

const MERCHANTS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

describe("Redis Cluster", () => {
  it("keeps every key of a merchant's fraud detection in one slot, while merchants spread over the nodes", async () => {
    const store = new RedisFraudStore(await connected(), ns);
    for (const m of MERCHANTS) {
      await store.observe(attempt(m, "62899000000001", { minute: MINUTE - 1 }));
      await store.recordVerified(m, "62899", MINUTE - 1, 10);
      expect(await store.observe(attempt(m, "62899000000002"))).toEqual({
        distinct: 2,
        verified: 1,
        total: 2,
        recentTotal: 2,
        prefixState: null,
        settledDistinct: 0,
        merchantVerified: 1,
        signals: [
          { distinct: 2, blocked: false },
          { distinct: 2, blocked: false },
        ],
      });
      expect(await store.blockSignal(m, "sigB", 60_000)).toBe(true);
      expect(await store.blockPrefix(m, "62812", "prefix_spike", 60_000)).toBe(true);
      await store.trustPrefix(m, "62899", 60_000, MINUTE, 10);
      expect((await store.observe(attempt(m, "62899000000003"))).signals[1]).toEqual({ distinct: 3, blocked: true });
      // The trust forgets the prefix's window; a plain attempt starts it again.
      expect(await store.observe(attempt(m, "62899000000004", { signals: [] }))).toMatchObject({ distinct: 1, prefixState: "trust" });
    }
    const byNode = await keysByNode(`${ns}fg:*`);
    for (const m of MERCHANTS) {
      const keys = [...byNode.values()].flat().filter((k) => k.includes(`{${m}}`));
      expect(new Set(keys.map((k) => k.split(":")[3])), `merchant ${m}'s kinds of keys`).toEqual(new Set(["d", "v", "vt", "t", "p", "s", "sb"]));
      expect((await slotsOf(keys)).size, `slots of merchant ${m}'s keys`).toBe(1);
      expect(nodesHolding(byNode, (k) => k.includes(`{${m}}`))).toHaveLength(1);
    }
    expect(nodesHolding(byNode, () => true).length).toBeGreaterThan(1);
  });

  it("refuses a script over the same keys without the hash tag (CROSSSLOT): the tag is what makes detection work on a Cluster", async () => {
    const client = await connected();
    const store = new RedisFraudStore(client, ns);
    await store.observe(attempt("42", "62899000000001", { signals: ["sigA"] }));
    const tagged = [...(await keysByNode(`${ns}fg:{42}:*`)).values()].flat();
    const untagged = tagged.map((k) => k.replace(/[{}]/g, ""));
    expect((await slotsOf(untagged)).size).toBeGreaterThan(1);
    await expect(client.eval("return #KEYS", untagged.length, ...untagged)).rejects.toThrow(/CROSSSLOT/);
    expect(await client.eval("return #KEYS", tagged.length, ...tagged)).toBe(tagged.length);
  });

  it("counts the /v3 rate limit in the Cluster, shared by two instances, for API keys on every node", async () => {
    const [first, second] = [new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}rl:`)), new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}rl:`))];
    try {
      await waitFor(() => first.sharedStoreAvailable === true && second.sharedStoreAvailable === true, { timeoutMs: 15_000, what: "both limiters connected" });
      const apiKeys = Array.from({ length: 12 }, (_, i) => `key-${i}`);
      const now = Date.now();
      for (const key of apiKeys) {
        // Both instances at once: the window key is the same, so the limit holds across them.
        const decisions = await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? first : second).check(key, 4, now)));
        expect(decisions.filter((d) => d.allowed), key).toHaveLength(4);
      }
      const byNode = await keysByNode(`${ns}rl:*`);
      expect([...byNode.values()].flat()).toHaveLength(apiKeys.length);
      expect(nodesHolding(byNode, () => true)).toHaveLength(3);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("throttles sign-in attempts in the Cluster: count, forgive, remember, clear", async () => {
    const store = new RedisThrottleStore(await connected(), `${ns}th:`);
    const keys = Array.from({ length: 6 }, (_, i) => `user${i}@toko.id|203.0.113.${i}`);
    for (const key of keys) {
      for (let i = 1; i <= 3; i++) expect(await store.increment(key)).toBe(i);
      await store.forgive(key);
      expect(await store.increment(key)).toBe(3);
      await store.remember(`known|${key}`, 60);
      expect(await store.recalls(`known|${key}`)).toBe(true);
    }
    expect(nodesHolding(await keysByNode(`${ns}th:*`), () => true).length).toBeGreaterThan(1);
    for (const key of keys) await store.clear(key);
    expect(await store.increment(keys[0])).toBe(1);
  });

  it("loads the scripts on each node again after SCRIPT FLUSH: EVALSHA's NOSCRIPT answer falls back to EVAL per node", async () => {
    const limiter = new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}flush:`));
    const fraud = new RedisFraudStore(await connected(), `${ns}flush:`);
    try {
      await waitFor(() => limiter.sharedStoreAvailable === true, { timeoutMs: 15_000, what: "the limiter connected" });
      const now = Date.now();
      const hitEveryNode = () => Promise.all(Array.from({ length: 12 }, (_, i) => limiter.check(`flush-${i}`, 100, now)));
      await hitEveryNode();
      for (const m of MERCHANTS) await fraud.observe(attempt(m, "62899000000001"));
      for (const server of redis.current().servers) {
        const node = server.client();
        await node.script("FLUSH");
        await node.config("RESETSTAT");
        node.disconnect();
      }
      expect((await hitEveryNode()).map((d) => d.remaining)).toEqual(Array(12).fill(98));
      for (const m of MERCHANTS) expect(await fraud.observe(attempt(m, "62899000000002"))).toMatchObject({ distinct: 2, total: 2 });
      for (const server of redis.current().servers) {
        const node = server.client();
        const stats = await node.info("commandstats");
        node.disconnect();
        expect(stats, `node ${server.port} was sent the script bodies again`).toMatch(/cmdstat_eval:calls=[1-9]/);
        expect(stats).toMatch(/cmdstat_evalsha:calls=[1-9]/);
      }
    } finally {
      await limiter.close();
    }
  });

  it("runs the app's own limit, fraud guard and sign-in throttle through REDIS_URL=redis-cluster://", async () => {
    const restore = overrideEnv({ REDIS_URL: redis.current().url });
    try {
      const merchant = await newMerchant();
      await updateMerchant(merchant.id, { rateLimit: 3 });
      await waitFor(() => getRateLimiter().sharedStoreAvailable === true, { timeoutMs: 15_000, what: "the app's limiter connected to the Cluster" });
      const answers = await Promise.all(Array.from({ length: 10 }, () => account(merchant.key)));
      expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      expect(answers.filter((r) => r.status === 429 && r.body.error?.code === "RATE_LIMITED").length).toBeGreaterThan(0);
      expect([...(await keysByNode("sandi:rl:*")).values()].flat().length).toBeGreaterThan(0);

      const creator = await newMerchant({ saldo: 450 * 100 });
      await updateMerchant(creator.id, { fraudGuard: "standard" });
      let created = 0;
      // The fraud store connects on first use; a creation before it is ready is judged in memory, so wait for it.
      await waitFor(
        async () => {
          expect((await requestOtp(creator.key, { channel: "sms", destination: `62816${String(50_000_000 + (created += 1))}` })).status).toBe(200);
          return [...(await keysByNode(`sandi:fg:{${creator.id}}:*`)).values()].flat().length > 0;
        },
        { timeoutMs: 15_000, intervalMs: 200, what: "a creation observed in the Cluster" },
      );
      const fraudKeys = [...(await keysByNode(`sandi:fg:{${creator.id}}:*`)).values()].flat();
      expect((await slotsOf(fraudKeys)).size).toBe(1);
      // The creation's one script counts the key's rate limit beside them, in the same slot
      // (a window lives 2 s, so look right after a creation, again until one is seen).
      let limitKeys: string[] = [];
      await waitFor(
        async () => {
          expect((await requestOtp(creator.key, { channel: "sms", destination: `62816${String(50_000_000 + (created += 1))}` })).status).toBe(200);
          limitKeys = [...(await keysByNode(`sandi:rl:{${creator.id}}:*`)).values()].flat();
          return limitKeys.length > 0;
        },
        { timeoutMs: 15_000, intervalMs: 100, what: "a creation's rate-limit window in the Cluster" },
      );
      expect(await slotsOf([...fraudKeys, ...limitKeys])).toEqual(await slotsOf(fraudKeys));

      await createMerchant({ name: "Toko Cluster", email: "owner@cluster.id", password: "benar-sekali" });
      await waitFor(
        async () => {
          await signInWithPassword({ email: "owner@cluster.id", password: "salah", ip: "203.0.113.77" });
          return [...(await keysByNode("sandi:login-fail:*")).values()].flat().length > 0;
        },
        { timeoutMs: 15_000, intervalMs: 200, what: "a failed sign-in counted in the Cluster" },
      );
    } finally {
      await closeAppRedisStores();
      restore();
    }
  }, 60_000);

  // Last: it kills a node.
  it("answers from memory at once when a node is down: the limit and the fraud guard fail open per instance, and still limit per key", async () => {
    const limiter = new RateLimiter(RedisRateLimitStore.connect(redis.current().url, `${ns}down:`));
    const fraud = new FallbackFraudStore(new RedisFraudStore(await connected(), `${ns}down:`));
    const apiKeys = Array.from({ length: 30 }, (_, i) => `down-${i}`);
    const logged = captureLog();
    try {
      await waitFor(() => limiter.sharedStoreAvailable === true, { timeoutMs: 15_000, what: "the limiter connected" });
      await Promise.all(apiKeys.map((key) => limiter.check(key, 1000)));
      for (const m of MERCHANTS) await fraud.observe(attempt(m, "62899000000001"));
      // The node that holds the most of both kinds of keys goes down.
      const byNode = await keysByNode(`${ns}down:*`);
      const [victimPort, victimKeys] = [...byNode].sort((a, b) => b[1].length - a[1].length)[0];
      expect(victimKeys.some((k) => k.includes(":fg:")) && victimKeys.some((k) => !k.includes(":fg:"))).toBe(true);
      await redis.current().servers.find((server) => server.port === victimPort)!.stop();

      const now = Date.now();
      let last: Awaited<ReturnType<RateLimiter["check"]>>[] = [];
      for (let round = 1; round <= 3; round++) last = await Promise.all(apiKeys.map((key) => limiter.check(key, 2, now)));
      // The client still knows the other nodes; the failed calls are what the metrics report.
      expect(limiter.sharedStoreAvailable).toBe(false);
      expect(last.some((d) => !d.allowed)).toBe(true);
      expect(logged.count("rate limit store unavailable")).toBeGreaterThan(0);
      for (const m of MERCHANTS) expect(await fraud.observe(attempt(m, "62899000000002"))).toMatchObject({ distinct: expect.any(Number), total: expect.any(Number) });
      expect(logged.count("fraud guard store unavailable")).toBe(1);
    } finally {
      logged.restore();
      await limiter.close();
      await fraud.close();
    }
  });
});
