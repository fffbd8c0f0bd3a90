import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, getEnv, resetEnvForTests } from "@/env";
import { parseRedisUrl } from "@/server/lib/redis-url";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function envWithRedis(url: string) {
  process.env = { PATH: saved.PATH, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), REDIS_URL: url } as unknown as NodeJS.ProcessEnv;
  resetEnvForTests();
  return getEnv;
}

const target = (url: string) => {
  const parsed = parseRedisUrl(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.target;
};
const problem = (url: string) => {
  const parsed = parseRedisUrl(url);
  return parsed.ok ? null : parsed.problem;
};

describe("REDIS_URL forms", () => {
  it.each(["redis://127.0.0.1:6379", "rediss://:secret@cache.internal:6380/2", "redis://cache"])("passes a single server's URL to the client as it is (%s)", (url) => {
    expect(target(url)).toEqual({ mode: "standalone", url });
  });

  it("reads a Sentinel group: the sentinels, the master's name, the database and both sets of credentials", () => {
    expect(target("redis-sentinel://app:p%40ss@s1.internal:26379,s2.internal,[::1]:26380/mymaster/3?sentinelPassword=sent%2Fpw&sentinelUsername=watch")).toEqual({
      mode: "sentinel",
      sentinels: [
        { host: "s1.internal", port: 26379 },
        { host: "s2.internal", port: 26379 },
        { host: "::1", port: 26380 },
      ],
      masterName: "mymaster",
      db: 3,
      tls: false,
      username: "app",
      password: "p@ss",
      sentinelUsername: "watch",
      sentinelPassword: "sent/pw",
    });
  });

  it("reads a Cluster's seed nodes and its password, with TLS under rediss-cluster://", () => {
    expect(target("rediss-cluster://:pw@10.0.0.1:7000,10.0.0.2")).toEqual({
      mode: "cluster",
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "10.0.0.2", port: 6379 },
      ],
      tls: true,
      username: undefined,
      password: "pw",
    });
    expect(target("redis-cluster://127.0.0.1:7000/")).toMatchObject({ mode: "cluster", tls: false, nodes: [{ host: "127.0.0.1", port: 7000 }] });
  });

  it.each([
    ["localhost:6379", /must be a URL starting with redis:\/\//],
    ["http://cache:6379", /must be a URL starting with/],
    ["redis-sentinel://s1:26379,s2:26379", /name the master/],
    ["redis-sentinel://s1:26379/mymaster/x", /not \/master-name or \/master-name\/db/],
    ["redis-sentinel://s1:26379/mymaster?password=x", /unknown option "password"/],
    ["redis-cluster://n1:7000,n2:7001/2", /only database 0/],
    ["redis-cluster://n1:7000?tls=1", /takes no options/],
    ["redis-cluster://n1:7000,,n2:7001", /"" is not host or host:port/],
    ["redis-cluster://n1:99999", /"n1:99999" is not host or host:port/],
    ["redis-cluster://:%zz@n1:7000", /malformed %-escape/],
  ])("refuses %s, saying what is wrong", (url, message) => {
    expect(problem(url)).toMatch(message);
  });
});

describe("REDIS_URL at start-up", () => {
  it.each(["redis-sentinel://s1:26379,s2:26379/mymaster", "redis-cluster://n1:7000,n2:7001,n3:7002"])("accepts %s", (url) => {
    expect(envWithRedis(url)().REDIS_URL).toBe(url);
  });

  it.each(["redis-sentinel://s1:26379", "redis-cluster://n1:7000/1", "redis-cluster://"])("stops start-up with a message naming REDIS_URL for %s", (url) => {
    const read = envWithRedis(url);
    expect(read).toThrow(EnvError);
    expect(read).toThrow(/^Invalid configuration:\n {2}REDIS_URL: /);
  });
});
