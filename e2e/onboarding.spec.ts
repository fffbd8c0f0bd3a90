// A new merchant's first steps from the dashboard: the getting-started checklist on
// the overview, "Kirim OTP uji" (a real, charged OTP to the merchant's own number,
// verified on the page) and the curl example on the API key screen. Screens are
// saved to e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

test("the checklist leads a new merchant; Kirim OTP uji sends a charged OTP and verifies it; the API key screen gives a curl to copy", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Pemula", ["--saldo", "5000"]);
  await signIn(page, m.email, m.password);

  const checklist = page.getByTestId("getting-started");
  await expect(page.getByText("1 dari 5 selesai")).toBeVisible();
  await expect(checklist.getByRole("listitem").filter({ hasText: "Buat API key" })).toHaveAttribute("data-done", "true");
  await expect(checklist.getByRole("link", { name: "Isi saldo" })).toHaveAttribute("href", "/balance");
  await expect(checklist.getByRole("link", { name: "Atur webhook" })).toHaveAttribute("href", "/webhooks");
  await shotsAtThreeWidths(page, "onboarding-01-overview");

  const form = page.locator("#kirim-otp-uji");
  await form.getByLabel("Channel").selectOption("sms");
  // The form says it is charged, and how much, before the merchant sends.
  await expect(form).toContainText("saldo dipotong seperti OTP lain (Rp 450 untuk SMS)");
  // A number the API would refuse is refused here with the API's sentence, and nothing is charged.
  await form.getByLabel("Nomor Anda").fill("0812");
  await form.getByRole("button", { name: "Kirim OTP uji (Rp 450)" }).click();
  await expect(form).toContainText("Nomor tujuan tidak valid: gunakan angka saja dalam format internasional");
  await shotsAtThreeWidths(page, "onboarding-01b-test-otp-refused-number");
  await form.getByLabel("Nomor Anda").fill("6281234567821");
  await form.getByRole("button", { name: "Kirim OTP uji (Rp 450)" }).click();
  const sent = page.getByTestId("test-otp-sent");
  await expect(sent).toContainText("dipotong Rp 450");
  await expect(sent).toContainText("Terkirim");
  const otpId = (await sent.getByRole("link").first().textContent())!.trim();
  const [message] = otpctl<{ code: string }[]>("sandbox", "messages", "--otp-id", otpId);
  await sent.getByLabel("Kode yang Anda terima").fill(message.code);
  await sent.getByRole("button", { name: "Verifikasi" }).click();
  await expect(sent).toContainText("Kode benar: OTP terverifikasi");
  await expect(page.getByText("3 dari 5 selesai")).toBeVisible();
  await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 4.550");
  await shotsAtThreeWidths(page, "onboarding-02-test-otp-verified");

  await page.getByRole("link", { name: "API key" }).first().click();
  const curl = page.getByTestId("curl-example");
  await expect(curl).toContainText("/v3/request");
  await expect(curl).toContainText('Authorization: Bearer $SANDI_API_KEY');
  await page.getByRole("button", { name: "Buat API key" }).click();
  const key = (await page.getByTestId("created-api-key").textContent())!.trim();
  await expect(curl).toContainText(`Authorization: Bearer ${key}`);
  await expect(page.getByRole("button", { name: "Salin perintah" })).toBeVisible();
  await shotsAtThreeWidths(page, "onboarding-03-api-key-curl");
});
