import { expect, test } from "@playwright/test";

test("the embedded default serves a ready service and the home page", async ({ page, request }) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", database: "ok", pending_migrations: [] });
  expect((await request.get("/healthz")).status()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sandi" })).toBeVisible();
});
