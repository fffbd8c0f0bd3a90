import { expect, test } from "@playwright/test";

test("the embedded default serves a ready service and the home page", async ({ page, request }) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", database: "ok", pending_migrations: [] });
  expect((await request.get("/healthz")).status()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sandi" })).toBeVisible();
});

test("no page may be framed by another site, and nothing is content-sniffed", async ({ request }) => {
  for (const path of ["/", "/sign-in", "/overview", "/topup/TC20260101UNKNOWN1?hash=x", "/v3/account"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
  }
});

test("metrics are not public by default: /metrics does not exist without METRICS_TOKEN", async ({ request }) => {
  const res = await request.get("/metrics");
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toContain("sandi_");
});

test("every page carries a Content-Security-Policy that allows only the app itself; the payment page sends no referrer", async ({ page, request }) => {
  for (const path of ["/", "/sign-in", "/sign-up", "/docs", "/topup/TC20260101UNKNOWN1?hash=x"]) {
    const csp = (await request.get(path)).headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("form-action 'self'");
  }
  expect((await request.get("/topup/TC20260101UNKNOWN1?hash=x")).headers()["referrer-policy"]).toBe("no-referrer");
  // Over http (APP_URL here) no HSTS: it would be ignored, and would be wrong for a plain-http deployment.
  expect((await request.get("/sign-in")).headers()["strict-transport-security"]).toBeUndefined();
  // The pages still work under the policy: nothing they need is blocked.
  const blocked: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
  });
  for (const path of ["/", "/sign-in", "/docs"]) await page.goto(path);
  expect(blocked).toEqual([]);
});

test("static files come from public/: robots.txt keeps search engines out, the favicon is served", async ({ request }) => {
  const robots = await request.get("/robots.txt", { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /");
  const icon = await request.get("/favicon.svg", { maxRedirects: 0 });
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
