import { describe, expect, it } from "vitest";
import { compileIpAllowlist, isIpAllowed } from "@/server/lib/ip-allowlist";

describe("compileIpAllowlist / isIpAllowed", () => {
  it("an empty or blank list allows every address, even none", () => {
    for (const text of ["", "  ", " , ,"]) {
      expect(compileIpAllowlist(text)).toBeNull();
      expect(isIpAllowed(compileIpAllowlist(text), null)).toBe(true);
    }
  });

  it("matches exact addresses from a comma list with whitespace, in canonical form", () => {
    const allowed = compileIpAllowlist(" 203.0.113.7 ,2001:DB8::1");
    expect(isIpAllowed(allowed, "203.0.113.7")).toBe(true);
    expect(isIpAllowed(allowed, "2001:db8:0:0:0:0:0:1")).toBe(true);
    expect(isIpAllowed(allowed, "203.0.113.70")).toBe(false);
    expect(isIpAllowed(allowed, null)).toBe(false);
  });

  it("drops invalid entries and allows nobody when no entry is valid", () => {
    expect(isIpAllowed(compileIpAllowlist("10.0.0.0/8"), "10.0.0.1")).toBe(false);
    const mixed = compileIpAllowlist("10.0.0.0/8, 203.0.113.7");
    expect(isIpAllowed(mixed, "203.0.113.7")).toBe(true);
    expect(isIpAllowed(mixed, "10.0.0.1")).toBe(false);
  });
});
