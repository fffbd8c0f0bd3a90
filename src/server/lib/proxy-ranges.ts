import { BlockList, isIP } from "node:net";
import { boundedMemo } from "./bounded-memo";

/**
 * Who may tell us the client's address: loopback and the private ranges, so a
 * service behind its own reverse proxy or load balancer works with no
 * configuration, while a client on the internet that talks to the app directly
 * cannot choose its address by sending a header.
 */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8, ::1/128, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7";

/** Addresses whose answer contains() keeps: a fleet's proxies, or the busiest clients of a server reached directly. */
const REMEMBERED_ADDRESSES = 1024;

export type ProxyRanges = { contains(address: string): boolean };

/**
 * Parses TRUSTED_PROXIES: comma-separated addresses or CIDR ranges, IPv4 or IPv6,
 * or the single word `none` (trust no proxy: every client is its connection).
 */
export function parseProxyRanges(text: string): { ok: true; ranges: ProxyRanges } | { ok: false; invalid: string } {
  const list = new BlockList();
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (entries.length === 1 && entries[0].toLowerCase() === "none") return { ok: true, ranges: { contains: () => false } };
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
    if (family === 0 || rest.length > 0 || prefix < 0 || prefix > max) return { ok: false, invalid: entry };
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  // BlockList#check makes a SocketAddress per call (about 11,000 instructions, every /v3
  // request); the answers for the addresses seen last are kept instead.
  const contains = boundedMemo(REMEMBERED_ADDRESSES, (ip: string) => {
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
  });
  return { ok: true, ranges: { contains } };
}
