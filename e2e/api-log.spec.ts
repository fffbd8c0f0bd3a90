// "Log API": a merchant whose first call was refused finds it, with the reason, the
// request id it got, and the body with the code masked.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";

test("a refused first call is in Log API with its reason, request id and masked body", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/sign-up");
  await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Log");
  await page.getByLabel("E-mail").fill(`log-${Date.now()}@contoh.id`);
  await page.getByLabel("Kata sandi").fill("rahasia-toko-123");
  await page.getByLabel("Nama brand").fill("Toko Log");
  await page.getByRole("button", { name: "Buat akun" }).click();
  const key = (await page.getByTestId("new-api-key").textContent()) ?? "";
  await page.getByRole("button", { name: /lanjut ke dashboard/ }).click();
  await expect(page).toHaveURL(/\/overview$/);

  const refused = await request.post("/v3/send", { headers: { authorization: `Bearer ${key}` }, data: { channel: "sms", destination: "6281234567890", otp: "135790" } });
  expect(refused.status()).toBe(402);
  const requestId = refused.headers()["x-request-id"];
  await request.get("/v3/account", { headers: { authorization: `Bearer ${key}` } });

  await page.getByRole("link", { name: "Catatan API" }).first().click();
  await expect(page.getByRole("heading", { name: "Catatan API" })).toBeVisible();
  const rows = page.getByTestId("api-log-row");
  await expect(rows).toHaveCount(2);
  const refusedRow = rows.filter({ hasText: "/v3/send" });
  await expect(refusedRow).toContainText("402");
  await expect(refusedRow).toContainText("INSUFFICIENT_BALANCE");
  await expect(refusedRow).toContainText(requestId);
  await expect(refusedRow).toContainText(key.slice(0, 12));
  await refusedRow.getByText("Isi request").click();
  await expect(refusedRow.locator("pre")).toContainText('"otp":"••••"');
  await expect(refusedRow.locator("pre")).not.toContainText("135790");
  await shotsAtThreeWidths(page, "api-log-01-list");

  await page.getByLabel("Hasil").selectOption("4xx");
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel("ID permintaan").fill(requestId);
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(rows).toHaveCount(1);
  await shotsAtThreeWidths(page, "api-log-02-filtered");
});
