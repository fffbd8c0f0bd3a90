import { describe, expect, it } from "vitest";
import { resolveClientIp } from "@/server/lib/client-ip";

const ip = (headers: Record<string, string>) => resolveClientIp(new Headers(headers));

describe("resolveClientIp", () => {
  it("prefers CF-Connecting-IP, then X-Real-IP, then the first X-Forwarded-For entry", () => {
    expect(ip({ "cf-connecting-ip": "203.0.113.1", "x-real-ip": "203.0.113.2", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.1");
    expect(ip({ "x-real-ip": "203.0.113.2", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.2");
    expect(ip({ "x-forwarded-for": " 203.0.113.3 , 10.0.0.1" })).toBe("203.0.113.3");
  });

  it("skips headers that are present but blank", () => {
    expect(ip({ "cf-connecting-ip": " ", "x-real-ip": "", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.3");
  });

  it("returns null when no header carries an address", () => {
    expect(ip({})).toBeNull();
  });

  it("normalizes IPv6 notation and IPv4-mapped addresses", () => {
    expect(ip({ "x-forwarded-for": "2001:DB8:0::1" })).toBe("2001:db8::1");
    expect(ip({ "x-forwarded-for": "::ffff:203.0.113.7" })).toBe("203.0.113.7");
  });

  it("strips a port a proxy appended", () => {
    expect(ip({ "x-forwarded-for": "203.0.113.7:51234" })).toBe("203.0.113.7");
    expect(ip({ "x-real-ip": "[2001:db8::1]:443" })).toBe("2001:db8::1");
    expect(ip({ "x-real-ip": "2001:db8::1" })).toBe("2001:db8::1");
  });

  it("keeps an unparsable first header as is, so it matches no allowlist entry instead of falling through to a later header", () => {
    expect(ip({ "cf-connecting-ip": "unknown", "x-real-ip": "203.0.113.7" })).toBe("unknown");
  });
});
