import { describe, expect, it } from "vitest";
import { LIST_VALUE_ROUTE, OTHER_ROUTE, OTP_ROUTE, v3RouteLabel } from "./v3-route-label";

describe("the /v3 route label", () => {
  it("is the route template for every /v3 route", () => {
    expect(v3RouteLabel("http://localhost:3000/v3/request")).toBe("/v3/request");
    expect(v3RouteLabel("http://localhost:3000/v3/send?x=1")).toBe("/v3/send");
    expect(v3RouteLabel("https://api.example.id/v3")).toBe("/v3");
    expect(v3RouteLabel("https://api.example.id/v3/verify")).toBe("/v3/verify");
    expect(v3RouteLabel("https://api.example.id/v3/openapi.json")).toBe("/v3/openapi.json");
  });

  it("never carries an otp_id", () => {
    expect(v3RouteLabel("http://localhost/v3/otp/OTP20261123ABCDEF")).toBe(OTP_ROUTE);
    expect(v3RouteLabel("http://localhost/v3/otp/OTP1?verbose=1")).toBe(OTP_ROUTE);
  });

  it("never carries a listed number or prefix", () => {
    expect(v3RouteLabel("http://localhost/v3/lists/safe")).toBe("/v3/lists/safe");
    expect(v3RouteLabel("http://localhost/v3/lists/block/6281234567890")).toBe(LIST_VALUE_ROUTE);
    expect(v3RouteLabel("http://localhost/v3/lists/safe/62812345*")).toBe(LIST_VALUE_ROUTE);
  });

  it("puts every path without a route under one label", () => {
    for (const url of ["http://localhost/v3/requests", "http://localhost/v3/otp/", "http://localhost/v3/otp/a/b", "http://localhost/v3x", "http://localhost/v3/nope/OTP1"]) {
      expect(v3RouteLabel(url)).toBe(OTHER_ROUTE);
    }
  });
});
