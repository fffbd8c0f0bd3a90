// Per-merchant IP allowlist (spec "Authentication" 4): after the key, before the
// rate limit; 403 IP_NOT_ALLOWED for a resolved address not on the list.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as accountGet } from "@/app/v3/account/route";
import { getDb } from "@/server/db/client";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { PEER_ADDRESS_HEADER } from "@/server/http/client-ip";
import { readEnvelope, v3Request } from "../../../harness/http";
import { newMerchant } from "../../../harness/v3-fixtures";

afterEach(() => vi.useRealTimers());

// Calls without the fixtures' default X-Forwarded-For, so each test controls every header.
async function call(key: string | null, headers: Record<string, string>) {
  return readEnvelope(await accountGet(v3Request("/v3/account", { key, headers })));
}

describe("/v3 IP allowlist", () => {
  it("an empty list allows every address, and requests with no address at all", async () => {
    const m = await newMerchant();
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.99" })).status).toBe(200);
    expect((await call(m.key, {})).status).toBe(200);
  });

  it("an address not on the list is 403 IP_NOT_ALLOWED", async () => {
    const m = await newMerchant({ ipAllowlist: "203.0.113.7" });
    const res = await call(m.key, { "x-forwarded-for": "198.51.100.1" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, data: null, error: { code: "IP_NOT_ALLOWED", message: expect.stringContaining("198.51.100.1") } });
    expect((await call(m.key, { "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
  });

  it("the key is checked first: a bad key from a refused address is 401, not 403", async () => {
    await newMerchant({ ipAllowlist: "203.0.113.7" });
    expect((await call(null, { "x-forwarded-for": "198.51.100.1" })).status).toBe(401);
    expect((await call("sk_live_doesnotexist000000000000", { "x-forwarded-for": "198.51.100.1" })).status).toBe(401);
  });

  it("a request with no resolvable address is refused when the list is not empty", async () => {
    const m = await newMerchant({ ipAllowlist: "203.0.113.7" });
    expect((await call(m.key, {})).status).toBe(403);
  });

  it("the list is comma-separated with whitespace around commas ignored", async () => {
    const m = await newMerchant({ ipAllowlist: " 203.0.113.7 ,198.51.100.20,   2001:db8::1 " });
    for (const ip of ["203.0.113.7", "198.51.100.20", "2001:db8::1"]) expect((await call(m.key, { "x-forwarded-for": ip })).status, ip).toBe(200);
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.2" })).status).toBe(403);
  });

  it("addresses match exactly, whatever the IPv6 notation or an IPv4-mapped form", async () => {
    const m = await newMerchant({ ipAllowlist: "2001:db8::1, 203.0.113.7" });
    for (const ip of ["2001:DB8:0:0:0:0:0:1", "2001:0db8::0001", "::ffff:203.0.113.7"]) expect((await call(m.key, { "x-forwarded-for": ip })).status, ip).toBe(200);
    for (const ip of ["2001:db8::2", "203.0.113.70", "203.0.113"]) expect((await call(m.key, { "x-forwarded-for": ip })).status, ip).toBe(403);
  });

  it("the client address resolves as CF-Connecting-IP, then X-Real-IP, then the first X-Forwarded-For", async () => {
    const m = await newMerchant({ ipAllowlist: "203.0.113.7" });
    const good = "203.0.113.7";
    const bad = "198.51.100.1";
    expect((await call(m.key, { "cf-connecting-ip": good, "x-real-ip": bad, "x-forwarded-for": bad })).status).toBe(200);
    expect((await call(m.key, { "cf-connecting-ip": bad, "x-real-ip": good, "x-forwarded-for": good })).status).toBe(403);
    expect((await call(m.key, { "x-real-ip": good, "x-forwarded-for": bad })).status).toBe(200);
    expect((await call(m.key, { "x-real-ip": bad, "x-forwarded-for": good })).status).toBe(403);
    expect((await call(m.key, { "x-forwarded-for": `${good}, ${bad}` })).status).toBe(200);
    expect((await call(m.key, { "x-forwarded-for": `${bad}, ${good}` })).status).toBe(403);
  });

  it("the direct connection address arrives as the X-Forwarded-For Next's server sets, IPv4-mapped or with a port", async () => {
    const m = await newMerchant({ ipAllowlist: "203.0.113.7, 2001:db8::1" });
    expect((await call(m.key, { "x-forwarded-for": "::ffff:203.0.113.7" })).status).toBe(200);
    expect((await call(m.key, { "x-forwarded-for": "203.0.113.7:51234" })).status).toBe(200);
    expect((await call(m.key, { "x-forwarded-for": "[2001:db8::1]:443" })).status).toBe(200);
  });

  it("a client connecting from outside the trusted proxies cannot pass by naming an allowed address in any header or form", async () => {
    const m = await newMerchant({ ipAllowlist: "203.0.113.5" });
    const outsider = { [PEER_ADDRESS_HEADER]: "198.51.100.66" };
    for (const forged of <Record<string, string>[]>[
      { "x-forwarded-for": "203.0.113.5" },
      { "x-real-ip": "203.0.113.5" },
      { "cf-connecting-ip": "203.0.113.5" },
      { "x-forwarded-for": "203.0.113.5:443" },
      { "x-forwarded-for": "::ffff:203.0.113.5" },
    ]) {
      const res = await call(m.key, { ...outsider, ...forged });
      expect(res.status, JSON.stringify(forged)).toBe(403);
      expect(res.body.error?.message).toContain("198.51.100.66");
    }
    expect((await call(m.key, { [PEER_ADDRESS_HEADER]: "::ffff:203.0.113.5" })).status).toBe(200);
  });

  it("an allowlist change takes effect within one second", async () => {
    const m = await newMerchant();
    let now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(200);
    await updateMerchant(m.id, { ipAllowlist: "203.0.113.7" });
    vi.setSystemTime((now += 1000));
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(403);
    await updateMerchant(m.id, { ipAllowlist: "" });
    vi.setSystemTime((now += 1000));
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(200);
  });

  it("an invalid stored entry (a CIDR range written by hand) never widens access", async () => {
    const m = await newMerchant();
    const db = await getDb();
    await db.merchant.update({ where: { id: m.id }, data: { ipAllowlist: "198.51.100.0/24" } });
    expect((await call(m.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(403);
    const other = await newMerchant();
    await db.merchant.update({ where: { id: other.id }, data: { ipAllowlist: "198.51.100.0/24, 203.0.113.7" } });
    expect((await call(other.key, { "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
    expect((await call(other.key, { "x-forwarded-for": "198.51.100.1" })).status).toBe(403);
  });
});
