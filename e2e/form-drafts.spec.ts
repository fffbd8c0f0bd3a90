// What a merchant types stays typed: the Brand form and the webhook URL field
// start from the server's values, but a refetch of those values (the tab gets
// focus again, the saldo changed meanwhile) must not throw the typing away.
import { expect, test, type Page } from "@playwright/test";
import { otpctl } from "./support/otpctl";
import { shotsAtThreeWidths } from "./support/layout";
import { operatorMerchant, signIn } from "./support/sign-in";

/** Makes every cached query stale and brings the tab back into focus, as switching tabs does; resolves once `path` was fetched again. */
async function refocusAfterAWhile(page: Page, path: string) {
  const refetched = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === "GET");
  await page.clock.fastForward("00:30");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await refetched;
}

test("the Brand form keeps what the merchant typed when the profile refetches with a new saldo", async ({ page }) => {
  const m = operatorMerchant("Toko Draf", ["--brand", "Toko Awal"]);
  await page.clock.install();
  await signIn(page, m.email, m.password);
  await page.goto("/brand");
  await expect(page.getByLabel("Nama brand")).toHaveValue("Toko Awal");
  await page.getByLabel("Nama brand").fill("Toko Baru Sekali");

  // The saldo changes behind the page's back, so the refetched profile differs from the cached one.
  otpctl("merchant", "credit", m.merchant_id, "--amount", "5000", "--reason", "uji refetch");
  await refocusAfterAWhile(page, "account.profile");

  await expect(page.getByLabel("Nama brand")).toHaveValue("Toko Baru Sekali");
  await page.getByRole("button", { name: "Simpan brand" }).click();
  await expect(page.getByText("Brand “Toko Baru Sekali” disimpan.")).toBeVisible();
  expect(otpctl<{ brand_name: string }>("merchant", "show", m.merchant_id).brand_name).toBe("Toko Baru Sekali");
});

test("the webhook URL field keeps what the merchant typed when the settings refetch", async ({ page }) => {
  const m = operatorMerchant("Toko Kait");
  otpctl("merchant", "update", m.merchant_id, "--webhook-url", "https://1.1.1.1/lama");
  await page.clock.install();
  await signIn(page, m.email, m.password);
  await page.goto("/webhooks");
  await expect(page.getByLabel("URL webhook")).toHaveValue("https://1.1.1.1/lama");
  await page.getByLabel("URL webhook").fill("https://1.1.1.1/baru-diketik");

  // The operator changes the endpoint meanwhile: the refetched settings differ from the cached ones.
  otpctl("merchant", "update", m.merchant_id, "--webhook-url", "https://1.1.1.1/operator");
  await refocusAfterAWhile(page, "webhooks.settings");

  await expect(page.getByLabel("URL webhook")).toHaveValue("https://1.1.1.1/baru-diketik");
  await page.getByRole("button", { name: "Simpan URL" }).click();
  await expect(page.getByText("URL webhook disimpan.")).toBeVisible();
  await expect(page.getByLabel("URL webhook")).toHaveValue("https://1.1.1.1/baru-diketik");
});

test("the Brand form counts characters as the merchant types, says when the name is too long, and shows the SMS length", async ({ page }) => {
  const m = operatorMerchant("Toko Hitung", ["--brand", "Toko Hitung"]);
  await signIn(page, m.email, m.password);
  await page.goto("/brand");
  const field = page.getByLabel("Nama brand");
  await expect(field).toHaveAccessibleDescription("11/50 karakter, mis. nama toko atau aplikasi Anda.");
  await expect(page.getByTestId("preview-sms-length")).toHaveText(/^\d+ karakter \(GSM-7\) = 1 segmen SMS\.$/);

  // A pasted name is not cut silently: it stays as pasted, the count says by how much it is over, and saving waits.
  await field.fill("Toko Kopi Senja Sejahtera Abadi Makmur Sentosa Jaya");
  await expect(field).toHaveValue("Toko Kopi Senja Sejahtera Abadi Makmur Sentosa Jaya");
  await expect(field).toHaveAccessibleDescription("Nama brand paling panjang 50 karakter; sekarang 51. Hapus 1 karakter.");
  await expect(page.getByRole("button", { name: "Simpan brand" })).toBeDisabled();
  await shotsAtThreeWidths(page, "brand-too-long");

  await field.fill("Toko Kopi Senja Sejahtera Abadi Makmur Sentosa Jay");
  await expect(field).toHaveAccessibleDescription("50/50 karakter, mis. nama toko atau aplikasi Anda.");
  await expect(page.getByRole("button", { name: "Simpan brand" })).toBeEnabled();
});
