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
