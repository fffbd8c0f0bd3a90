import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, getEnv, resetEnvForTests } from "@/env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function withEnv(vars: Record<string, string | undefined>) {
  process.env = { PATH: saved.PATH } as unknown as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v;
  resetEnvForTests();
}

describe("configuration", () => {
  it("serves with no environment at all: port 3000, base and app URL on localhost, secrets generated in DATA_DIR with mode 0600", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
    withEnv({ DATA_DIR: dataDir });
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OTP_PEPPER.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).OTP_PEPPER).toBe(env.OTP_PEPPER);
  });

  it("keeps generated secrets across restarts", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
    withEnv({ DATA_DIR: dataDir });
    const first = getEnv();
    resetEnvForTests();
    const second = getEnv();
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(second.PAYMENT_LINK_SECRET).toBe(first.PAYMENT_LINK_SECRET);
  });

  it("prefers secrets given in the environment", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
    const pepper = "p".repeat(40);
    withEnv({ DATA_DIR: dataDir, OTP_PEPPER: pepper, SESSION_SECRET: "s".repeat(40), PAYMENT_LINK_SECRET: "l".repeat(40) });
    expect(getEnv().OTP_PEPPER).toBe(pepper);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "localhost:6379"],
    ["BASE_URL", "not a url"],
    ["OTP_PEPPER", "short"],
    ["VENDOR_TIMEOUT_MS", "-1"],
  ])("stops start-up with a message naming %s when it is given but malformed (%s)", (name, value) => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), [name]: value });
    expect(() => getEnv()).toThrow(EnvError);
    expect(() => getEnv()).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it("derives APP_URL from BASE_URL and strips trailing slashes", () => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), BASE_URL: "https://api.sandi.id/" });
    expect(getEnv().BASE_URL).toBe("https://api.sandi.id");
    expect(getEnv().APP_URL).toBe("https://api.sandi.id");
  });
});
