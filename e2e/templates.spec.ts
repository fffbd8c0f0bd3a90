// Message templates through the browser: a merchant writes a template, sees the live
// preview (with SMS length, encoding, segments and price), sends a test OTP with it in
// test mode and finds the message in the sandbox inbox, worded as written.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { operatorMerchant, signIn } from "./support/sign-in";

test("create a template, preview it, send a test OTP with it and read it in the sandbox inbox", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const merchant = operatorMerchant("Kopi Senja", ["--brand", "Kopi Senja"]);
  await signIn(page, merchant.email, merchant.password);
  await page.getByTestId("mode-switch").last().click();
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();

  await test.step("an empty list, then a new template whose preview follows the typing", async () => {
    await page.getByRole("link", { name: "Template pesan" }).first().click();
    await expect(page.getByText("Belum ada template")).toBeVisible();
    await shotsAtThreeWidths(page, "templates-01-empty");
    await page.getByRole("button", { name: "Template baru" }).click();
    await page.getByLabel("Nama template").fill("login");
    await page.getByLabel("SMS (Bahasa Indonesia)").fill("Kode masuk {brand}: {code}");
    await expect(page.getByText("Teks harus memuat {code}.")).toHaveCount(0);
    await expect(page.getByTestId("preview-sms")).toHaveText("Kode masuk Kopi Senja: 482913");
    await expect(page.getByTestId("preview-sms-length")).toHaveText("29 karakter (GSM-7) = 1 segmen SMS.");
    await expect(page.getByTestId("preview-sms-price")).toContainText("Rp 450 per OTP SMS");
  });

  await test.step("a rule broken while typing is said at once, and UCS-2 text counts in 70s", async () => {
    await page.getByLabel("SMS (Bahasa Indonesia)").fill("Kode masuk {brand}");
    await expect(page.getByText("Teks harus memuat {code}.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Simpan template" })).toBeDisabled();
    await page.getByLabel("SMS (Bahasa Indonesia)").fill(`Kode masuk {brand}: {code} 🙂 ${"x".repeat(60)}`);
    await expect(page.getByTestId("preview-sms-length")).toContainText("(UCS-2: ada karakter di luar GSM-7) = 2 segmen SMS");
    await shotsAtThreeWidths(page, "templates-02-editor-ucs2");
    await page.getByLabel("SMS (Bahasa Indonesia)").fill("Kode masuk {brand}: {code}");
  });

  await test.step("the English texts are previewed in English", async () => {
    await page.getByRole("radio", { name: "Bahasa Inggris" }).click();
    await expect(page.getByTestId("preview-sms")).toHaveText(/^482913 is your Kopi Senja verification code\./);
    await page.getByLabel("SMS (Bahasa Inggris)").fill("{brand} sign-in code: {code}");
    await expect(page.getByTestId("preview-sms")).toHaveText("Kopi Senja sign-in code: 482913");
    await page.getByRole("radio", { name: "Bahasa Indonesia" }).click();
  });

  await test.step("saved, then a test OTP with it reaches the sandbox inbox worded as written", async () => {
    await page.getByRole("button", { name: "Simpan template" }).click();
    await expect(page.getByTestId("template-saved")).toHaveText("Template login disimpan.");
    await page.getByLabel("Nomor tujuan").fill("6281234567890");
    await page.getByRole("button", { name: "Kirim OTP uji" }).click();
    await expect(page.getByTestId("template-test-sent")).toBeVisible();
    await shotsAtThreeWidths(page, "templates-03-saved-sent");
    await page.getByRole("link", { name: "Buka Kotak masuk sandbox" }).click();
    const message = page.getByTestId("sandbox-message").first();
    const code = (await message.getByTestId("sandbox-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await expect(message).toContainText(`Kode masuk Kopi Senja: ${code}`);
    await shotsAtThreeWidths(page, "templates-04-sandbox-inbox");
  });

  await test.step("with an autofill domain on Brand, the SMS ends with the origin-bound line", async () => {
    await page.getByRole("link", { name: "Brand" }).first().click();
    await page.getByLabel("Domain untuk isi-otomatis SMS (opsional)").fill("kopisenja.id");
    // Previewed as it is typed, then saved for the messages.
    await expect(page.getByTestId("preview-sms")).toHaveText(/@kopisenja\.id #482913$/);
    await page.getByRole("button", { name: "Simpan brand" }).click();
    await expect(page.getByRole("status").last()).toContainText("disimpan");
    await shotsAtThreeWidths(page, "templates-05-brand-autofill");
    await page.getByRole("link", { name: "Template pesan" }).first().click();
    await page.getByRole("button", { name: "login", exact: true }).click();
    await expect(page.getByTestId("preview-sms")).toHaveText(/^Kode masuk Kopi Senja: 482913\s+@kopisenja\.id #482913$/);
  });
});
