import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, getEnv, requireSharedSecrets, resetEnvForTests } from "@/env";

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

  it("drains for 10 seconds after SIGTERM unless SHUTDOWN_DRAIN_MS says otherwise", () => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")) });
    expect(getEnv().SHUTDOWN_DRAIN_MS).toBe(10_000);
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), SHUTDOWN_DRAIN_MS: "2500" });
    expect(getEnv().SHUTDOWN_DRAIN_MS).toBe(2500);
  });

  it("serves everything unless SERVER_ROLE=api, and refuses any other role, naming the variable", () => {
    const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
    withEnv({ DATA_DIR: dataDir() });
    expect(getEnv().SERVER_ROLE).toBe("all");
    withEnv({ DATA_DIR: dataDir(), SERVER_ROLE: "api" });
    expect(getEnv().SERVER_ROLE).toBe("api");
    withEnv({ DATA_DIR: dataDir(), SERVER_ROLE: "pages" });
    expect(() => getEnv()).toThrow(/^Invalid configuration:\n {2}SERVER_ROLE: /);
  });

  describe("with DATABASE_URL set (a fleet shares one database), secrets come from the environment", () => {
    const given = { SESSION_SECRET: "s".repeat(40), PAYMENT_LINK_SECRET: "l".repeat(40), OTP_PEPPER: "p".repeat(40) };

    it("refuses start-up naming each missing secret, and generates none into DATA_DIR", () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
      withEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgresql://db.internal/sandi", SESSION_SECRET: given.SESSION_SECRET });
      expect(() => requireSharedSecrets()).toThrow(EnvError);
      expect(() => requireSharedSecrets()).toThrow(
        /^Invalid configuration:\n {2}PAYMENT_LINK_SECRET: required when DATABASE_URL is set .*\n {2}OTP_PEPPER: required when DATABASE_URL is set /,
      );
      expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
    });

    it("lets a process that never reads a missing secret run (otpctl migrate), and stops the one that reads it, naming it", () => {
      withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), DATABASE_URL: "postgresql://db.internal/sandi", SESSION_SECRET: given.SESSION_SECRET });
      const env = getEnv();
      expect(env.DATABASE_URL).toBe("postgresql://db.internal/sandi");
      expect(env.SESSION_SECRET).toBe(given.SESSION_SECRET);
      expect(() => env.OTP_PEPPER).toThrow(/^Invalid configuration:\n {2}OTP_PEPPER: required when DATABASE_URL is set/);
    });

    it("starts when all three are given", () => {
      withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), DATABASE_URL: "postgresql://db.internal/sandi", ...given });
      expect(() => requireSharedSecrets()).not.toThrow();
      expect(getEnv().OTP_PEPPER).toBe(given.OTP_PEPPER);
    });

    it("keeps generating them on the embedded default (no DATABASE_URL), where there is one instance", () => {
      withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")) });
      expect(() => requireSharedSecrets()).not.toThrow();
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "localhost:6379"],
    ["BASE_URL", "not a url"],
    ["OTP_PEPPER", "short"],
    ["VENDOR_TIMEOUT_MS", "-1"],
    ["SHUTDOWN_DRAIN_MS", "ten seconds"],
    ["SHUTDOWN_DRAIN_MS", "-1"],
  ])("stops start-up with a message naming %s when it is given but malformed (%s)", (name, value) => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), [name]: value });
    expect(() => getEnv()).toThrow(EnvError);
    expect(() => getEnv()).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" }, ["TWILIO_FROM_NUMBER"]],
    [{ WHATSAPP_TOKEN: "t" }, ["WHATSAPP_PHONE_NUMBER_ID"]],
    [{ WHATSAPP_APP_SECRET: "s" }, ["WHATSAPP_NUMBER"]],
    [{ MISSCALL_API_URL: "https://flash.example/call" }, ["MISSCALL_API_KEY"]],
    [{ XENDIT_SECRET_KEY: "xnd_1" }, ["XENDIT_CALLBACK_TOKEN"]],
    [{ TWILIO_AUTH_TOKEN: "t", MISSCALL_API_KEY: "k" }, ["TWILIO_ACCOUNT_SID", "TWILIO_FROM_NUMBER", "MISSCALL_API_URL"]],
  ])("stops start-up naming what is missing when a vendor is only partly configured: %j", (vars, missing) => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), ...vars });
    const message = (() => {
      try {
        getEnv();
        return "";
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        return (err as Error).message;
      }
    })();
    const named = [...message.matchAll(/^ {2}(\w+): required when/gm)].map((m) => m[1]);
    expect(named).toEqual(missing);
  });

  it("accepts each vendor when all of its variables are given", () => {
    withEnv({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")),
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM_NUMBER: "+1500",
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "1",
      WHATSAPP_APP_SECRET: "s",
      WHATSAPP_NUMBER: "6281234567890",
      MISSCALL_API_URL: "https://flash.example/call",
      MISSCALL_API_KEY: "k",
      XENDIT_SECRET_KEY: "xnd_1",
      XENDIT_CALLBACK_TOKEN: "cb",
    });
    expect(getEnv().TWILIO_FROM_NUMBER).toBe("+1500");
  });

  it("takes an empty numeric variable as unset, like the other variables", () => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), PORT: "", DB_POOL_SIZE: "", DB_POOL_WAIT_MS: "", VENDOR_TIMEOUT_MS: "", HTTP_KEEP_ALIVE_SECONDS: "" });
    expect(getEnv()).toMatchObject({ PORT: 3000, DB_POOL_SIZE: 10, DB_POOL_WAIT_MS: 10_000, VENDOR_TIMEOUT_MS: 5000, HTTP_KEEP_ALIVE_SECONDS: 65 });
  });

  it.each([
    ["", "not valid JSON"],
    ['{"SESSION_SECRET":"' + "s".repeat(40) + '","PAYMENT_LINK_SECRET":"' + "l".repeat(40) + '"}', "OTP_PEPPER missing or shorter than 32 characters"],
  ])("stops start-up naming a damaged secrets file rather than using or replacing it (%j)", (content, problem) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-env-"));
    writeFileSync(path.join(dataDir, "secrets.json"), content);
    withEnv({ DATA_DIR: dataDir });
    expect(() => getEnv()).toThrow(EnvError);
    expect(() => getEnv()).toThrow(`${path.join(dataDir, "secrets.json")}: ${problem}`);
    expect(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).toBe(content);
  });

  it("derives APP_URL from BASE_URL and strips trailing slashes", () => {
    withEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sandi-env-")), BASE_URL: "https://api.sandi.id/" });
    expect(getEnv().BASE_URL).toBe("https://api.sandi.id");
    expect(getEnv().APP_URL).toBe("https://api.sandi.id");
  });
});
