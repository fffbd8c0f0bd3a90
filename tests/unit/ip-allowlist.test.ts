import { describe, expect, it } from "vitest";
import { normalizeIp, parseIpAllowlist } from "@/server/lib/ip-allowlist";

describe("IP allowlist parsing", () => {
  it("accepts exact IPv4 and IPv6 addresses separated by commas with spaces", () => {
    expect(parseIpAllowlist(" 203.0.113.7 ,2001:DB8::1,  198.51.100.1")).toEqual({ ok: true, ips: ["203.0.113.7", "2001:db8::1", "198.51.100.1"] });
  });

  it("treats an empty list as allowing every address", () => {
    expect(parseIpAllowlist("  ")).toEqual({ ok: true, ips: [] });
  });

  it("refuses CIDR ranges and names", () => {
    expect(parseIpAllowlist("10.0.0.0/8")).toEqual({ ok: false, invalid: "10.0.0.0/8" });
    expect(parseIpAllowlist("example.com")).toEqual({ ok: false, invalid: "example.com" });
  });

  it("normalizes IPv4-mapped IPv6 and IPv6 spellings so equal addresses match", () => {
    expect(normalizeIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeIp("2001:db8:0::1")).toBe(normalizeIp("2001:DB8::0:1"));
  });
});
