// SSRF guard for merchant-supplied webhook URLs: http(s) only, and no address in
// a private, loopback or link-local range unless WEBHOOK_ALLOW_PRIVATE_URLS=1.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { getEnv } from "@/env";
import { AppError } from "@/server/errors";

/**
 * The checks that need no network: http(s), no credentials, and no private address
 * written literally. Send time uses only this, because the webhook transport
 * resolves host names itself and refuses private answers at connect time (inside
 * the attempt's timeout).
 */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("VALIDATION_ERROR", "URL webhook tidak valid.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError("VALIDATION_ERROR", "URL webhook harus memakai http atau https.");
  if (url.username || url.password) throw new AppError("VALIDATION_ERROR", "URL webhook tidak boleh memuat kredensial.");
  const host = literalHost(url);
  if (isIP(host) && isPrivateAddress(host) && !getEnv().WEBHOOK_ALLOW_PRIVATE_URLS) throw privateAddressError();
  return url;
}

/** parseWebhookUrl plus a DNS lookup of the host: what a merchant is told when saving the URL. */
export async function assertWebhookUrlAllowed(raw: string): Promise<URL> {
  const url = parseWebhookUrl(raw);
  const host = literalHost(url);
  if (getEnv().WEBHOOK_ALLOW_PRIVATE_URLS || isIP(host)) return url;
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Host URL webhook tidak dapat di-resolve.");
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw privateAddressError();
  return url;
}

function literalHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

function privateAddressError(): AppError {
  return new AppError("VALIDATION_ERROR", "URL webhook mengarah ke alamat privat, loopback atau link-local dan tidak diizinkan.");
}

// Every range IANA lists as not globally reachable, plus the IPv6 forms that embed an IPv4
// address (compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4
// 2002::/16, Teredo inside 2001::/23; BlockList checks IPv4-mapped ::ffff:a.b.c.d against
// the IPv4 ranges by itself): URLs normalise [::ffff:169.254.169.254] to [::ffff:a9fe:a9fe],
// which must not slip through.
const PRIVATE_RANGES: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.0.2.0", 24, "ipv4"],
  ["192.88.99.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["198.51.100.0", 24, "ipv4"],
  ["203.0.113.0", 24, "ipv4"],
  ["224.0.0.0", 3, "ipv4"],
  ["::", 96, "ipv6"],
  ["::ffff:0:0:0", 96, "ipv6"],
  ["64:ff9b::", 96, "ipv6"],
  ["64:ff9b:1::", 48, "ipv6"],
  ["100::", 64, "ipv6"],
  ["2001::", 23, "ipv6"],
  ["2001:db8::", 32, "ipv6"],
  ["2002::", 16, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["fec0::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
];

const privateRanges = new BlockList();
for (const [network, prefix, family] of PRIVATE_RANGES) privateRanges.addSubnet(network, prefix, family);

/** True for any address a webhook must not reach by default; an unparseable address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 6 ? "ipv6" : "ipv4");
}
