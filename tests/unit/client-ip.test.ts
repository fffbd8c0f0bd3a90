import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, resolveClientIp } from "@/server/http/client-ip";
import { DEFAULT_TRUSTED_PROXIES, parseProxyRanges } from "@/server/lib/proxy-ranges";

const ranges = (text: string) => {
  const parsed = parseProxyRanges(text);
  if (!parsed.ok) throw new Error(parsed.invalid);
  return parsed.ranges;
};
const defaults = ranges(DEFAULT_TRUSTED_PROXIES);
/** A request that reached the front on a connection from `peer`. */
const ip = (peer: string | null, headers: Record<string, string> = {}, trusted = defaults) =>
  resolveClientIp(new Headers({ ...headers, ...(peer === null ? {} : { [PEER_ADDRESS_HEADER]: peer }) }), trusted);

beforeEach(() => {
  globalThis.__sandiPeerFront = true;
});
afterEach(() => {
  globalThis.__sandiPeerFront = undefined;
});

declare global {
  var __sandiPeerFront: boolean | undefined;
}

describe("resolveClientIp behind a trusted proxy", () => {
  it("prefers CF-Connecting-IP, then X-Real-IP, then the first X-Forwarded-For entry", () => {
    expect(ip("10.0.0.5", { "cf-connecting-ip": "203.0.113.1", "x-real-ip": "203.0.113.2", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.1");
    expect(ip("10.0.0.5", { "x-real-ip": "203.0.113.2", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.2");
    expect(ip("10.0.0.5", { "x-forwarded-for": " 203.0.113.3 , 10.0.0.1" })).toBe("203.0.113.3");
  });

  it("skips headers that are present but blank, and falls back to the connection when none carries an address", () => {
    expect(ip("10.0.0.5", { "cf-connecting-ip": " ", "x-real-ip": "", "x-forwarded-for": "203.0.113.3" })).toBe("203.0.113.3");
    expect(ip("10.0.0.5")).toBe("10.0.0.5");
  });

  it("normalizes IPv6 notation, IPv4-mapped addresses and ports", () => {
    expect(ip("127.0.0.1", { "x-forwarded-for": "2001:DB8:0::1" })).toBe("2001:db8::1");
    expect(ip("127.0.0.1", { "x-forwarded-for": "::ffff:203.0.113.7" })).toBe("203.0.113.7");
    expect(ip("127.0.0.1", { "x-forwarded-for": "203.0.113.7:51234" })).toBe("203.0.113.7");
    expect(ip("127.0.0.1", { "x-real-ip": "[2001:db8::1]:443" })).toBe("2001:db8::1");
  });

  it("keeps an unparsable first header as is, so it matches no allowlist entry instead of falling through to a later header", () => {
    expect(ip("127.0.0.1", { "cf-connecting-ip": "unknown", "x-real-ip": "203.0.113.7" })).toBe("unknown");
  });

  it("trusts loopback and private ranges by default, in every notation of the socket address", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1", "fd12::1"]) {
      expect(ip(peer, { "x-forwarded-for": "203.0.113.9" }), peer).toBe("203.0.113.9");
    }
  });
});

describe("resolveClientIp from a client that is not a trusted proxy", () => {
  it("ignores every client-address header, in any form, and uses the connection's address", () => {
    const forged: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.5" },
      { "x-real-ip": "203.0.113.5" },
      { "cf-connecting-ip": "203.0.113.5" },
      { "x-forwarded-for": "203.0.113.5:443" },
      { "x-forwarded-for": "::ffff:203.0.113.5" },
    ];
    for (const headers of forged) expect(ip("198.51.100.66", headers)).toBe("198.51.100.66");
    for (const peer of ["172.32.0.1", "192.169.0.1", "11.0.0.1", "fe80::1"]) expect(ip(peer, { "x-forwarded-for": "203.0.113.5" }), peer).toBe(peer);
  });

  it("normalizes the connection's own address", () => {
    expect(ip("::ffff:198.51.100.66")).toBe("198.51.100.66");
    expect(ip("2001:DB8::0:7")).toBe("2001:db8::7");
  });

  it("trusts only the configured ranges when TRUSTED_PROXIES is set, and nobody with none", () => {
    const cdn = ranges("198.51.100.0/24, 2001:db8::/32");
    expect(ip("198.51.100.66", { "cf-connecting-ip": "203.0.113.5" }, cdn)).toBe("203.0.113.5");
    expect(ip("2001:db8::9", { "cf-connecting-ip": "203.0.113.5" }, cdn)).toBe("203.0.113.5");
    expect(ip("127.0.0.1", { "cf-connecting-ip": "203.0.113.5" }, cdn)).toBe("127.0.0.1");
    expect(ip("127.0.0.1", { "x-forwarded-for": "203.0.113.5" }, ranges("none"))).toBe("127.0.0.1");
  });
});

describe("resolveClientIp without the production front", () => {
  it("knows no address when no front stamped the connection, even if a client sends the peer header itself", () => {
    globalThis.__sandiPeerFront = undefined;
    expect(ip("127.0.0.1", { "x-forwarded-for": "203.0.113.5" })).toBeNull();
    expect(ip(null, { "x-forwarded-for": "203.0.113.5" })).toBeNull();
  });

  it("knows no address when the peer header is missing or not an address", () => {
    expect(ip(null, { "x-forwarded-for": "203.0.113.5" })).toBeNull();
    expect(ip("garbage", { "x-forwarded-for": "203.0.113.5" })).toBeNull();
  });
});

describe("TRUSTED_PROXIES parsing", () => {
  it("accepts addresses and CIDR ranges of both families, and none", () => {
    expect(parseProxyRanges("10.0.0.1, 192.168.0.0/16,2001:db8::/32, ::1").ok).toBe(true);
    expect(parseProxyRanges(" none ").ok).toBe(true);
  });

  it("names the first entry that is not an address or range", () => {
    for (const bad of ["10.0.0.0/33", "10.0.0.0/x", "example.com", "10.0.0.0/8/1", "::/129"]) expect(parseProxyRanges(`127.0.0.1, ${bad}`)).toEqual({ ok: false, invalid: bad });
  });
});

describe("resolveClientIp, asked again and again", () => {
  it("gives the same answers from its kept parses and range checks, past the number of addresses it keeps", () => {
    const cdn = ranges("198.51.100.0/24");
    // 3,000 distinct connections, each asked three times, the kept answers dropped twice over.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3000; i++) {
        const inside = i % 2 === 0;
        const peer = inside ? `198.51.100.${i % 256}` : `203.0.${Math.floor(i / 256)}.${i % 256}`;
        const expected = inside ? "192.0.2.1" : peer;
        expect(ip(peer, { "cf-connecting-ip": "192.0.2.1" }, cdn), `${peer} round ${round}`).toBe(expected);
        expect(ip(`${peer}:443`, { "cf-connecting-ip": "192.0.2.1" }, cdn)).toBe(expected);
      }
    }
    expect(ip("garbage")).toBeNull();
    expect(ip("garbage")).toBeNull();
    expect(ip("::ffff:127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe("203.0.113.9");
    expect(ip("::ffff:127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe("203.0.113.9");
    // The front's flag is checked before anything kept is used.
    globalThis.__sandiPeerFront = undefined;
    expect(ip("198.51.100.1", {}, cdn)).toBeNull();
  });
});
