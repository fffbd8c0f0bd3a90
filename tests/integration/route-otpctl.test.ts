// otpctl route list|add|update|disable|enable|adapters, as operators type them (otpctl's
// command line, run in this process), in the exact form docs/otpctl.md gives: secrets by environment variable or
// stored encrypted, never printed back.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";

describe("otpctl route", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("adds, lists, updates, disables and enables routes; secrets stay sealed and unprinted", async () => {
    const added = await otpctlJson([
      "route", "add", "sms-twilio", "--channel", "sms", "--adapter", "twilio",
      "--config", "account_sid=AC123", "--config", "auth_token_env=ROUTE_TWILIO_TOKEN", "--config", "from_number=+6281100000001",
      "--config", "api_base_url=https://api.twilio.test", "--priority", "10", "--prefixes", "62811,62812,62813",
    ]);
    expect(added).toMatchObject({
      name: "sms-twilio",
      channel: "sms",
      adapter: "twilio",
      config: { account_sid: "AC123", auth_token_env: "ROUTE_TWILIO_TOKEN", from_number: "+6281100000001", api_base_url: "https://api.twilio.test" },
      stored_secrets: [],
      priority: 10,
      weight: 100,
      prefixes: ["62811", "62812", "62813"],
      enabled: true,
      problem: "ROUTE_TWILIO_TOKEN (auth_token) is not set",
    });
    const aggregator = await otpctlJson(
      ["route", "add", "sms-aggregator", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=https://sms.example.id", "--config", "api_key=key-secret-123", "--config", "webhook_secret_env=AGG_HOOK", "--weight", "300"],
      { AGG_HOOK: "hook-secret" },
    );
    expect(aggregator).toMatchObject({ config: { api_base_url: "https://sms.example.id", webhook_secret_env: "AGG_HOOK" }, stored_secrets: ["api_key"], problem: null, priority: 100, weight: 300 });
    const db = await getDb();
    const row = await db.vendorRoute.findUniqueOrThrow({ where: { name: "sms-aggregator" } });
    expect(row.secretConfig).toBeTruthy();
    expect(row.secretConfig).not.toContain("key-secret-123");

    const { routes } = await otpctlJson(["route", "list"], { ROUTE_TWILIO_TOKEN: "tok" });
    expect(routes.map((r: { name: string; problem: string | null }) => [r.name, r.problem])).toEqual([
      ["sms-twilio", null],
      ["sms-aggregator", "AGG_HOOK (webhook_secret) is not set"],
    ]);
    expect(JSON.stringify(routes)).not.toContain("key-secret-123");

    const updated = await otpctlJson(["route", "update", "sms-twilio", "--config", "auth_token=tok-stored", "--priority", "5", "--prefixes", ""]);
    expect(updated).toMatchObject({ priority: 5, prefixes: [], stored_secrets: ["auth_token"], problem: null });
    expect(updated.config).not.toHaveProperty("auth_token_env");
    expect(await otpctlJson(["route", "disable", "sms-twilio"])).toMatchObject({ enabled: false });
    expect(await otpctlJson(["route", "enable", "sms-twilio"])).toMatchObject({ enabled: true });
  });

  it("refuses what an adapter does not know or needs, a channel it does not serve, and names it", async () => {
    const missing = await otpctl(["route", "add", "sms-x", "--channel", "sms", "--adapter", "twilio", "--config", "account_sid=AC1", "--json"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/auth_token_env=VAR/);
    const unknown = await otpctl(["route", "add", "sms-y", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=https://x.id", "--config", "api_key=k", "--config", "webhook_secret=s", "--config", "colour=red", "--json"]);
    expect(unknown.stderr).toMatch(/no setting "colour"/);
    const channel = await otpctl(["route", "add", "wa-1", "--channel", "whatsapp", "--adapter", "twilio", "--json"]);
    expect(channel.stderr).toMatch(/serves sms, voice, not whatsapp/);
    const reserved = await otpctl(["route", "add", "env-sms", "--channel", "sms", "--adapter", "sandbox", "--json"]);
    expect(reserved.code).toBe(1);
    const none = await otpctl(["route", "disable", "nope", "--json"]);
    expect(none.stderr).toMatch(/no route named "nope"/);
    const { adapters } = await otpctlJson(["route", "adapters"]);
    expect(adapters.map((a: { name: string }) => a.name)).toEqual(["twilio", "http_sms", "whatsapp_cloud", "flash_call", "smtp", "sandbox"]);
  });
});
