// The front's answer to methods other than GET and HEAD outside /v3: route handlers get
// every method (Next answers for them), pages and static files are read-only (405 with
// Allow), anything else is not found; so Next never takes a form POST to a page for a
// server action it cannot find. The manifests below are shaped as `npm run build`
// writes them (.next/routes-manifest.json, app-path-routes-manifest.json,
// server/server-reference-manifest.json).
import { describe, expect, it } from "vitest";
import { appRouteTable, pageMethodAnswer } from "../../src/server/front/page-methods.mjs";

const routesManifest = {
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/sign-in", regex: "^/sign\\-in(?:/)?$" },
    { page: "/overview", regex: "^/overview(?:/)?$" },
    { page: "/api/hooks/whatsapp", regex: "^/api/hooks/whatsapp(?:/)?$" },
    { page: "/healthz", regex: "^/healthz(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
    { page: "/api/trpc/[trpc]", regex: "^/api/trpc/([^/]+?)(?:/)?$" },
    { page: "/topup/[id]", regex: "^/topup/([^/]+?)(?:/)?$" },
    { page: "/topup/[id]/simulate", regex: "^/topup/([^/]+?)/simulate(?:/)?$" },
  ],
};
const appPathRoutes = {
  "/page": "/",
  "/(auth)/sign-in/page": "/sign-in",
  "/(dashboard)/overview/page": "/overview",
  "/api/hooks/whatsapp/route": "/api/hooks/whatsapp",
  "/healthz/route": "/healthz",
  "/api/auth/[...nextauth]/route": "/api/auth/[...nextauth]",
  "/api/trpc/[trpc]/route": "/api/trpc/[trpc]",
  "/topup/[id]/page": "/topup/[id]",
  "/topup/[id]/simulate/route": "/topup/[id]/simulate",
};
const noActions = { node: {}, edge: {}, encryptionKey: "x" };
const table = appRouteTable(routesManifest, appPathRoutes, noActions, ["/robots.txt", "/payment-methods/qris.svg"]);

describe("methods outside /v3 at the production front", () => {
  it("answers any method but GET and HEAD on a page with a plain 405 that allows GET and HEAD", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/", "/sign-in", "/overview", "/topup/TU123", "/sign-in/", "//overview"]) {
        const answer = pageMethodAnswer(method, path, table);
        expect(answer, `${method} ${path}`).toEqual({ status: 405, headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Method Not Allowed" });
      }
    }
  });

  it("lets GET and HEAD through to Next everywhere", () => {
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/", "/overview", "/no-such-page", "/robots.txt"]) expect(pageMethodAnswer(method, path, table), `${method} ${path}`).toBeNull();
    }
  });

  it("lets every method through to a route handler, including the spellings Next redirects or decodes", () => {
    for (const path of ["/api/hooks/whatsapp", "/api/auth/callback/credentials", "/api/trpc/apiKeys.list", "/topup/TU123/simulate", "/healthz", "/api/hooks/whatsapp/", "//api/hooks/whatsapp", "/api/hooks/%77hatsapp", "/topup/TU1/x/../simulate"]) {
      for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) expect(pageMethodAnswer(method, path, table), `${method} ${path}`).toBeNull();
    }
  });

  it("answers Next's assets and the files in public/ as read-only too", () => {
    for (const path of ["/robots.txt", "/payment-methods/qris.svg", "/_next/static/chunks/app.js", "/_next/nope"]) expect(pageMethodAnswer("POST", path, table)?.status, path).toBe(405);
  });

  it("answers a path that is no page, file or route handler with a plain 404", () => {
    for (const path of ["/no-such-page", "/api/hooks/nope", "/Sign-In", "/sign-in%2Fx", "/topup"]) {
      expect(pageMethodAnswer("POST", path, table), path).toEqual({ status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: "Not Found" });
    }
  });

  it("leaves every method to Next once the build defines a server action, since a form without JavaScript posts one to its page", () => {
    const withActions = appRouteTable(routesManifest, appPathRoutes, { node: { "7f00ab": { workers: {} } }, edge: {} });
    expect(withActions.serverActions).toBe(true);
    expect(table.serverActions).toBe(false);
    expect(pageMethodAnswer("POST", "/overview", withActions)).toBeNull();
    expect(pageMethodAnswer("POST", "/no-such-page", withActions)).toBeNull();
  });
});
