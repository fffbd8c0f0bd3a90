// The production front's /v3 route table: the same files and the same precedence as
// the App Router (static before dynamic before catch-all), so an endpoint answers
// the same whether Next or the front dispatches it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRouteFiles, matchRoute, orderRoutes } from "../../src/server/front/v3-routes.mjs";

const routes = orderRoutes(findRouteFiles(path.join(process.cwd(), "src", "app", "v3")));
const matched = (pathname: string) => {
  const match = matchRoute(routes, pathname);
  return match && { route: routes[match.index].segments.join("/"), params: match.params };
};

describe("the /v3 route table", () => {
  it("finds every route file under src/app/v3", () => {
    expect(routes.map((r) => r.segments.join("/")).sort()).toEqual(
      [
        "",
        "[...path]",
        "account",
        "insights/summary",
        "lists/[list]",
        "lists/[list]/[value]",
        "openapi.json",
        "otp/[otpId]",
        "request",
        "send",
        "test/inbound-whatsapp",
        "test/messages",
        "test/receipts",
        "templates",
        "templates/[name]",
        "topups",
        "verify",
      ].sort(),
    );
  });

  it("prefers static segments, then dynamic ones, then the catch-all", () => {
    expect(matched("/v3/request")).toEqual({ route: "request", params: {} });
    expect(matched("/v3/openapi.json")).toEqual({ route: "openapi.json", params: {} });
    expect(matched("/v3/otp/OTP20261123ABCD000001")).toEqual({ route: "otp/[otpId]", params: { otpId: "OTP20261123ABCD000001" } });
    expect(matched("/v3/otp/OTP%20X%2Fy")).toEqual({ route: "otp/[otpId]", params: { otpId: "OTP X/y" } });
    expect(matched("/v3")).toEqual({ route: "", params: {} });
    expect(matched("/v3/test/messages")).toEqual({ route: "test/messages", params: {} });
  });

  it("sends every other path to the catch-all with its segments decoded", () => {
    expect(matched("/v3/otp")).toEqual({ route: "[...path]", params: { path: ["otp"] } });
    expect(matched("/v3/otp/a/b")).toEqual({ route: "[...path]", params: { path: ["otp", "a", "b"] } });
    expect(matched("/v3/n%C3%A9")).toEqual({ route: "[...path]", params: { path: ["né"] } });
  });
});
