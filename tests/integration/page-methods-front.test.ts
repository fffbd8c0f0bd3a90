// Form POSTs to pages against the server `npm start` runs on `npm run build`'s .next:
// the front answers 405 before Next, which would take a multipart body for a server
// action (the app has none), answer 409 and log a multi-line "Failed to find Server
// Action" error per request. Route handlers still get their POSTs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTION_BUILD_WAIT_MS } from "../harness/production-build";
import { startProductionServer, type ProductionServer } from "../harness/production-server";

const multipart = { "content-type": "multipart/form-data; boundary=x" };
const multipartBody = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\ndemo@sandi.test\r\n--x--\r\n';
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

let server: ProductionServer;
let base = "";

beforeAll(async () => {
  server = await startProductionServer({ env: { LOG_REQUESTS: "0" } });
  base = server.base;
}, PRODUCTION_BUILD_WAIT_MS + 120_000);

afterAll(() => server?.stop());

describe("methods other than GET and HEAD outside /v3 at the production server", () => {
  it("a form POST (multipart or urlencoded) to a page gets a plain 405 with Allow: GET, HEAD, and so does DELETE", async () => {
    for (const page of ["/", "/sign-in", "/overview", "/topup/TU_nope"]) {
      for (const [headers, body] of [[multipart, multipartBody], [urlencoded, "email=demo%40sandi.test"]] as const) {
        const answer = await fetch(`${base}${page}`, { method: "POST", headers, body, redirect: "manual" });
        expect(answer.status, `${page} ${headers["content-type"]}`).toBe(405);
        expect(answer.headers.get("allow")).toBe("GET, HEAD");
        expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(await answer.text()).toBe("Method Not Allowed");
      }
    }
    expect((await fetch(`${base}/overview`, { method: "DELETE", redirect: "manual" })).status).toBe(405);
    expect((await fetch(`${base}/sign-in`)).status).toBe(200);
  });

  it("a form POST to a path that is no page, file or route handler gets a plain 404", async () => {
    const unknown = await fetch(`${base}/no-such-page`, { method: "POST", headers: multipart, body: multipartBody });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Not Found");
  });

  it("route handlers still get their form POSTs", async () => {
    // The sandbox payment simulation's own answer for an unknown top-up, not the front's.
    const simulated = await fetch(`${base}/topup/TU_nope/simulate?hash=x`, { method: "POST", headers: urlencoded, body: "a=b" });
    expect(simulated.status).toBe(404);
    expect(await simulated.json()).toEqual({ error: "not_found" });
    // next-auth's handler takes its form POSTs (a sign-in without a CSRF token is sent back, not refused as a method).
    const signIn = await fetch(`${base}/api/auth/callback/credentials`, { method: "POST", headers: urlencoded, body: "email=demo%40sandi.test&password=x", redirect: "manual" });
    expect(signIn.status).not.toBe(405);
    expect(signIn.status).toBeLessThan(500);
  });

  // Last: the requests above, and these, leave no "Failed to find Server Action" in the server's log.
  it("no form POST makes the server log an error", async () => {
    for (const target of ["/", "/overview", "/no-such-page", "/api/hooks/nope"]) await fetch(`${base}${target}`, { method: "POST", headers: multipart, body: multipartBody, redirect: "manual" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).not.toContain("Failed to find Server Action");
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});
