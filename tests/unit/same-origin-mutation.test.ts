import { describe, expect, it } from "vitest";
import { refuseCrossSiteMutation } from "@/server/http/same-origin-mutation";
import { strictTransportSecurity } from "@/server/http/strict-transport";

const APP = "https://sandi.example";
const post = (headers: Record<string, string>) => refuseCrossSiteMutation(new Request("http://10.0.0.2:3000/api/trpc/apiKeys.create", { method: "POST", headers, body: "{}" }), APP);
const json = { "content-type": "application/json" };

describe("dashboard mutations and cross-site requests", () => {
  it("refuses every content type a cross-site form can send without a preflight, and any other that is not JSON", () => {
    for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/plain", "application/xml", ""]) {
      expect(post(type ? { "content-type": type } : {}), type).toMatchObject({ status: 415 });
    }
  });

  it("accepts JSON from this site, or from a client that says nothing about where it comes from", () => {
    expect(post(json)).toBeNull();
    expect(post({ "content-type": "Application/JSON; charset=utf-8" })).toBeNull();
    expect(post({ ...json, "sec-fetch-site": "same-origin", origin: APP })).toBeNull();
    expect(post({ ...json, origin: "http://dashboard.internal:3000", host: "dashboard.internal:3000" })).toBeNull();
  });

  it("refuses JSON that a browser says comes from another site or origin", () => {
    for (const site of ["cross-site", "same-site", "none"]) expect(post({ ...json, "sec-fetch-site": site }), site).toMatchObject({ status: 403 });
    for (const origin of ["https://evil.example", "null", "http://sandi.example", "https://sandi.example.evil.example"]) expect(post({ ...json, origin }), origin).toMatchObject({ status: 403 });
  });

  it("leaves queries (GET) alone", () => {
    expect(refuseCrossSiteMutation(new Request("http://localhost/api/trpc/account.me", { headers: { origin: "https://evil.example" } }), APP)).toBeNull();
  });
});

describe("HSTS", () => {
  it("is sent only when the public address is https", () => {
    expect(strictTransportSecurity("https://sandi.example")).toBe("max-age=31536000");
    expect(strictTransportSecurity("http://localhost:3000")).toBeNull();
  });
});
