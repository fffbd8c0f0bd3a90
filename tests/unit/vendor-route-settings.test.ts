// A vendor route's --config against its adapter's keys (docs/routing.md): what is stored
// as given, as an environment reference or sealed; what is refused; what a route resolves
// to; and where a failover attempt's charge is in the ledger.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/env";
import { adapterKind } from "@/server/services/routing/adapter-kinds";
import { applySettings, resolveSettings } from "@/server/services/routing/route-settings";
import { derivedKey, open, seal } from "@/server/lib/sealed-box";
import { chargedSeq } from "@/server/services/otp/deliveries";

const twilio = adapterKind("twilio")!;
const empty = { config: {}, secrets: {} };

afterEach(() => {
  delete process.env.ROUTE_UNIT_TOKEN;
  resetEnvForTests();
});

describe("a route's settings", () => {
  it("stores plain keys and *_env references as given and seals secrets given directly", () => {
    const stored = applySettings(twilio, empty, { account_sid: "AC1", auth_token: "tok", from_number: "+62811" });
    expect(stored).toEqual({ config: { account_sid: "AC1", from_number: "+62811" }, secrets: { auth_token: "tok" } });
    const referenced = applySettings(twilio, stored, { auth_token_env: "ROUTE_UNIT_TOKEN" });
    expect(referenced).toEqual({ config: { account_sid: "AC1", from_number: "+62811", auth_token_env: "ROUTE_UNIT_TOKEN" }, secrets: {} });
  });

  it("removes a key given empty, and refuses unknown keys, missing required ones and bad variable names", () => {
    const stored = applySettings(twilio, empty, { account_sid: "AC1", auth_token: "tok", from_number: "+62811", api_base_url: "http://x" });
    expect(applySettings(twilio, stored, { api_base_url: "" }).config).not.toHaveProperty("api_base_url");
    expect(() => applySettings(twilio, stored, { auth_token: "" })).toThrow(/auth_token_env=VAR/);
    expect(() => applySettings(twilio, stored, { colour: "red" })).toThrow(/no setting "colour"/);
    expect(() => applySettings(twilio, stored, { auth_token_env: "lower-case" })).toThrow(/names an environment variable/);
  });

  it("resolves references from the environment when built, defaults included, and says what is missing", () => {
    const stored = applySettings(twilio, empty, { account_sid: "AC1", auth_token_env: "ROUTE_UNIT_TOKEN", from_number: "+62811" });
    expect(resolveSettings(twilio, stored).problem).toBe("ROUTE_UNIT_TOKEN (auth_token) is not set");
    process.env.ROUTE_UNIT_TOKEN = "from-env";
    expect(resolveSettings(twilio, stored)).toEqual({
      settings: { account_sid: "AC1", auth_token: "from-env", from_number: "+62811", api_base_url: "https://api.twilio.com" },
      problem: null,
    });
  });

  it("seals secrets bound to what they belong to (route-secrets.ts binds the route's name)", () => {
    const key = derivedKey("p".repeat(32), "vendor-route-secrets");
    const sealed = seal(key, "route:sms-a", JSON.stringify({ api_key: "k-123" }));
    expect(sealed).not.toContain("k-123");
    expect(JSON.parse(open(key, "route:sms-a", sealed)!)).toEqual({ api_key: "k-123" });
    expect(open(key, "route:sms-b", sealed)).toBeNull();
    expect(open(derivedKey("q".repeat(32), "vendor-route-secrets"), "route:sms-a", sealed)).toBeNull();
  });
});

describe("a failover attempt's charge", () => {
  it("is under the ledger reference of the attempt the failovers began from", () => {
    const attempts = [
      { seq: 1, routeReason: "priority" },
      { seq: 2, routeReason: "failover" },
      { seq: 3, routeReason: "only_route" },
      { seq: 4, routeReason: "failover" },
      { seq: 5, routeReason: "failover" },
    ];
    expect([1, 2, 3, 4, 5].map((seq) => chargedSeq(attempts, seq))).toEqual([1, 1, 3, 3, 3]);
  });
});
