// Who changed a vendor route, and how (docs/routing.md#who-changed-a-route): every
// otpctl route add|update|disable|enable leaves one append-only row naming the operator,
// with the settings it changed and never a secret's value; otpctl route history reads them.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";

const AS_ANA = { SANDI_OPERATOR: "ana@ops" };
const AS_BUDI = { SANDI_OPERATOR: "budi@ops" };

describe("otpctl route history", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("records each change with its operator and what it changed, newest first, secrets by name only", async () => {
    await otpctlJson(
      ["route", "add", "sms-agg", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=https://sms.example.id", "--config", "api_key=key-secret-123", "--config", "webhook_secret_env=AGG_HOOK", "--weight", "300"],
      AS_ANA,
    );
    await otpctlJson(["route", "update", "sms-agg", "--weight", "50", "--prefixes", "62811"], AS_BUDI);
    // A change that changes nothing records nothing.
    await otpctlJson(["route", "update", "sms-agg", "--weight", "50"], AS_BUDI);
    await otpctlJson(["route", "disable", "sms-agg"], AS_ANA);
    await otpctlJson(["route", "enable", "sms-agg"], AS_BUDI);
    // A refused change (an unknown adapter) records nothing either.
    expect((await otpctl(["route", "update", "sms-agg", "--adapter", "nope", "--json"], AS_ANA)).code).not.toBe(0);

    const { changes } = await otpctlJson(["route", "history"]);
    expect(changes.map((c: { action: string; actor: string }) => [c.action, c.actor])).toEqual([
      ["route.enable", "budi@ops"],
      ["route.disable", "ana@ops"],
      ["route.update", "budi@ops"],
      ["route.add", "ana@ops"],
    ]);
    const [enabled, disabled, updated, added] = changes;
    expect(added).toMatchObject({
      route: "sms-agg",
      before: null,
      after: { channel: "sms", adapter: "http_sms", config: { api_base_url: "https://sms.example.id", webhook_secret_env: "AGG_HOOK" }, sealed: ["api_key"], priority: 100, weight: 300, prefixes: [], enabled: true },
    });
    expect(updated).toMatchObject({ route: "sms-agg", before: { weight: 300, prefixes: [] }, after: { weight: 50, prefixes: ["62811"] } });
    expect(Object.keys(updated.after).sort()).toEqual(["prefixes", "weight"]);
    expect(disabled).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(enabled).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    expect(new Date(enabled.at).getTime()).toBeGreaterThanOrEqual(new Date(added.at).getTime());
    expect(JSON.stringify(changes)).not.toContain("key-secret-123");
  });

  it("narrows to one route and a number of rows; an operator without SANDI_OPERATOR is named by user and host", async () => {
    await otpctlJson(["route", "add", "wa-a", "--channel", "whatsapp", "--adapter", "whatsapp_cloud", "--config", "phone_number_id=1", "--config", "token_env=WA_TOKEN"], { SANDI_OPERATOR: "" });
    await otpctlJson(["route", "add", "sms-b", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=https://b.example.id", "--config", "api_key_env=B_KEY", "--config", "webhook_secret_env=B_HOOK"], AS_ANA);
    await otpctlJson(["route", "disable", "sms-b"], AS_ANA);

    const onlyWa = (await otpctlJson(["route", "history", "--route", "wa-a"])).changes;
    expect(onlyWa).toHaveLength(1);
    expect(onlyWa[0].actor).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(onlyWa[0].actor).not.toBe("ana@ops");
    expect((await otpctlJson(["route", "history", "--limit", "1"])).changes.map((c: { action: string; route: string }) => [c.action, c.route])).toEqual([["route.disable", "sms-b"]]);
    const refused = await otpctl(["route", "history", "--limit", "0", "--json"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain("--limit must be between 1 and 500");
  });

  it("keeps its rows: the table refuses UPDATE and DELETE", async () => {
    await otpctlJson(["route", "add", "sms-c", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=https://c.example.id", "--config", "api_key_env=C_KEY", "--config", "webhook_secret_env=C_HOOK"], AS_ANA);
    const db = await getDb();
    await expect(db.$executeRawUnsafe(`UPDATE route_changes SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`DELETE FROM route_changes`)).rejects.toThrow(/append-only/);
    expect(await db.routeChange.count()).toBe(1);
  });
});
